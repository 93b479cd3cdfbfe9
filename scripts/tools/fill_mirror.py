"""Complete an unpacked reproduction archive's data/mirror/ from another mirror folder.

    python scripts/tools/fill_mirror.py /path/to/mirror

Copies every raw file the archived run used but could not carry (data/CHECKSUMS.tsv, column
`carried` = no; see scripts/lib/infra/archive.py for the licence rule) from the given folder (laid out
like shared/data) into data/mirror/, checking each sha256 first. Stops with one sentence naming
the file when one is missing or differs; nothing half-copied is left (temporary file + rename).
"""

import csv
import hashlib
import os
import shutil
import sys
from pathlib import Path


def main(source: str) -> int:
    source_dir, dest_dir = Path(source), Path("data/mirror")
    with open("data/CHECKSUMS.tsv", newline="") as handle:
        rows = [r for r in csv.DictReader(handle, delimiter="\t") if r["used"] == "yes" and r["carried"] == "no"]
    for row in rows:
        src, dest = source_dir / row["path"], dest_dir / row["path"]
        if dest.is_file():
            continue
        if not src.is_file():
            sys.exit(
                f"fill_mirror: {src} is missing; pass a mirror folder that holds {row['path']} "
                f"(dataset {row['dataset']})."
            )
        digest = hashlib.sha256(src.read_bytes()).hexdigest()
        if row["sha256"] != "unpinned" and digest != row["sha256"]:
            sys.exit(
                f"fill_mirror: {src} has sha256 {digest}, expected {row['sha256']}; use a verified copy of the dataset."
            )
        dest.parent.mkdir(parents=True, exist_ok=True)
        tmp = dest.with_name(dest.name + ".part")
        shutil.copyfile(src, tmp)
        os.replace(tmp, dest)
    print(f"fill_mirror: {len(rows)} file(s) in {dest_dir}")
    return 0


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit(__doc__.strip().splitlines()[2].strip())
    sys.exit(main(sys.argv[1]))
