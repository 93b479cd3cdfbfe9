// Injected by tests/test_report.py into a copy of results/report.html. Drives Snakemake's report
// app (the global `app`, `results`, `categories`) like a reader clicking through it: every
// category and subcategory, every figure shown, and writes what it saw as JSON into
// a hidden pre element (id "probe") for chromium --dump-dom. Errors raised by the page are collected too.
(function () {
    const errors = [];
    window.addEventListener("error", function (ev) { errors.push("error: " + ev.message); });
    window.addEventListener("unhandledrejection", function (ev) { errors.push("rejection: " + ev.reason); });
    const consoleError = console.error;
    console.error = function () {
        errors.push("console.error: " + Array.from(arguments).map(String).join(" "));
        consoleError.apply(console, arguments);
    };
    const steps = [];
    const seen = { subcategories: {}, images: {}, captions: {} };
    Object.keys(categories).sort().forEach(function (category) {
        Object.keys(categories[category]).sort().forEach(function (subcategory) {
            // through the category menu, as a reader clicks: the results table is built when
            // it is mounted, so going from one subcategory straight to the next would show stale rows
            steps.push(function () { app.setView({ navbarMode: "category", category: category }); });
            steps.push(function () {
                app.setView({ navbarMode: "subcategory", category: category, subcategory: subcategory });
            });
            steps.push(function () {
                seen.subcategories[category + " / " + subcategory] = document.querySelector("#app").innerText;
            });
        });
    });
    Object.keys(results).sort().forEach(function (path) {
        const entry = results[path];
        seen.captions[path] = entry.caption || "";
        if ((entry.mime_type || "").startsWith("image/")) {
            steps.push(function () { app.setView({ content: "img", contentPath: entry.data_uri, resultPath: path }); });
            steps.push(function () {
                const img = Array.from(document.querySelectorAll("#app img")).find(function (i) { return i.src === entry.data_uri; });
                seen.images[path] = img ? img.naturalWidth : -1;
            });
        }
    });
    // leave Neville Fig. 1(a) on screen for the screenshot (through the menu, as above)
    const fig1a = Object.keys(results).find(function (p) { return p.endsWith("neville2009/fig1a.png"); });
    const neville = Object.keys(categories).find(function (c) { return c.startsWith("Neville"); });
    if (fig1a && neville) {
        steps.push(function () { app.setView({ navbarMode: "category", category: neville }); });
        steps.push(function () {
            app.setView({ navbarMode: "subcategory", category: neville, subcategory: "fig1a",
                          content: "img", contentPath: results[fig1a].data_uri, resultPath: fig1a });
        });
        steps.push(function () {});
    }
    let i = 0;
    function next() {
        if (typeof app === "undefined") { setTimeout(next, 100); return; }
        if (i < steps.length) {
            try { steps[i](); } catch (err) { errors.push("probe: " + err); }
            i += 1;
            setTimeout(next, 150);
            return;
        }
        const pre = document.createElement("pre");
        pre.id = "probe";
        pre.style.display = "none";
        pre.textContent = JSON.stringify({ results: Object.keys(results), categories: categories,
                                           seen: seen, errors: errors, bodyText: document.body.innerText });
        document.body.appendChild(pre);
    }
    window.addEventListener("load", function () { setTimeout(next, 300); });
})();
