// site-gen: sortable and filterable tables, and the player search box.
// Pages stay complete without this script; it only adds interaction.
// Its words come from data- attributes of <body>, which the theme fills in the page's language.
(function () {
  "use strict";

  function word(name, fallback) {
    var value = document.body.getAttribute("data-" + name);
    return value === null ? fallback : value;
  }

  // A cell's own text, without a "why this place?" explanation inside it.
  function ownText(cell) {
    var why = cell.querySelector(".why");
    return why ? cell.textContent.replace(why.textContent, "") : cell.textContent;
  }

  function cellValue(row, index, numeric) {
    var cell = row.cells[index];
    if (!cell) return numeric ? -Infinity : "";
    if (numeric) {
      var raw = cell.getAttribute("data-sort");
      var n = parseFloat(raw === null ? ownText(cell) : raw);
      return isNaN(n) ? -Infinity : n;
    }
    // dates carry a sortable data-sort; names sort as shown
    var key = cell.getAttribute("data-sort");
    return (key === null ? ownText(cell).trim() : key).toLocaleLowerCase();
  }

  function sortTable(table, index, header) {
    var numeric = header.getAttribute("data-type") === "num";
    var current = header.getAttribute("aria-sort");
    // Numbers sort high-to-low first (standings order), text A-Z first.
    var direction = current === "descending" ? "ascending" : current === "ascending" ? "descending" : numeric ? "descending" : "ascending";
    var lang = document.documentElement.lang || undefined;
    var body = table.tBodies[0];
    var rows = Array.prototype.slice.call(body.rows).map(function (row, i) { return { row: row, i: i }; });
    var sign = direction === "ascending" ? 1 : -1;
    rows.sort(function (a, b) {
      var x = cellValue(a.row, index, numeric), y = cellValue(b.row, index, numeric);
      var c = numeric ? (x - y) : x.localeCompare(y, lang);
      return c !== 0 ? sign * c : a.i - b.i;
    });
    rows.forEach(function (r) { body.appendChild(r.row); });
    Array.prototype.forEach.call(table.tHead.rows[0].cells, function (th) { th.removeAttribute("aria-sort"); });
    header.setAttribute("aria-sort", direction);
    var live = document.getElementById("sort-status");
    var message = direction === "ascending" ? word("sorted-ascending", "Sorted by {column}, ascending")
      : word("sorted-descending", "Sorted by {column}, descending");
    if (live) live.textContent = message.replace("{column}", header.textContent.trim());
  }

  function makeSortable(table) {
    if (!table.tHead || !table.tBodies.length) return;
    Array.prototype.forEach.call(table.tHead.rows[0].cells, function (th, index) {
      var button = document.createElement("button");
      button.type = "button";
      while (th.firstChild) button.appendChild(th.firstChild);
      th.appendChild(button);
      button.addEventListener("click", function () { sortTable(table, index, th); });
    });
  }

  function makeFilter(input) {
    var table = input.closest(".table-block").querySelector("table");
    input.addEventListener("input", function () {
      var q = input.value.trim().toLocaleLowerCase();
      Array.prototype.forEach.call(table.tBodies[0].rows, function (row) {
        var text = Array.prototype.map.call(row.cells, ownText).join(" ");
        row.hidden = q !== "" && text.toLocaleLowerCase().indexOf(q) === -1;
      });
    });
  }

  function setupSearch(input) {
    var list = document.getElementById("search-results");
    var index = null;
    function load() {
      if (index) return Promise.resolve(index);
      var got = location.protocol === "file:" ? fromScript()
        : fetch(input.getAttribute("data-index")).then(function (r) { return r.json(); });
      return got.then(function (data) { index = data; return data; });
    }
    // Opened from disk, a browser fetches no file: the same index comes as a script,
    // search.js beside search.json, which sets window.siteGenSearch.
    function fromScript() {
      return new Promise(function (resolve, reject) {
        if (window.siteGenSearch) { resolve(window.siteGenSearch); return; }
        var script = document.createElement("script");
        script.src = base() + "search.js";
        script.onload = function () { if (window.siteGenSearch) resolve(window.siteGenSearch); else reject(new Error("search.js")); };
        script.onerror = reject;
        document.head.appendChild(script);
      });
    }
    // The index's addresses are site-relative ("c/players/x/"): from this page they go
    // through data-index's relative path to the site's root ("../../search.json"), and a
    // folder's to its index.html, as every other link of the site, so that they work
    // opened from disk too.
    function base() { return input.getAttribute("data-index").replace(/search\.json$/, ""); }
    function link(url) {
      var cut = url.search(/[?#]/);
      var path = cut < 0 ? url : url.slice(0, cut), rest = cut < 0 ? "" : url.slice(cut);
      if (path === "" || path.charAt(path.length - 1) === "/") path += "index.html";
      return base() + path + rest;
    }
    function show(query) {
      var q = query.trim().toLocaleLowerCase();
      list.textContent = "";
      if (!q) { list.hidden = true; return; }
      load().then(function (data) {
        // a name in another script also matches its Latin letters ("ivanov" finds Иванов)
        var hits = data.filter(function (e) {
          return e.title.toLocaleLowerCase().indexOf(q) !== -1 || (e.latin && e.latin.indexOf(q) !== -1);
        }).slice(0, 20);
        list.textContent = "";
        hits.forEach(function (e) {
          var li = document.createElement("li");
          var a = document.createElement("a");
          a.href = link(e.url);
          a.textContent = e.title;
          if (e.detail) {
            var span = document.createElement("span");
            span.className = "detail";
            span.textContent = " · " + e.detail;
            a.appendChild(span);
          }
          li.appendChild(a);
          list.appendChild(li);
        });
        if (!hits.length) {
          var none = document.createElement("li");
          none.textContent = word("no-match", "No match");
          list.appendChild(none);
        }
        list.hidden = false;
      }).catch(function () { list.hidden = true; });
    }
    input.addEventListener("input", function () { show(input.value); });
    input.addEventListener("keydown", function (ev) {
      if (ev.key === "Enter") {
        var first = list.querySelector("a");
        if (first) window.location.href = first.href;
      } else if (ev.key === "Escape") { list.hidden = true; }
    });
  }

  document.addEventListener("DOMContentLoaded", function () {
    var live = document.createElement("div");
    live.id = "sort-status";
    live.className = "visually-hidden";
    live.setAttribute("aria-live", "polite");
    document.body.appendChild(live);
    document.querySelectorAll("table.sortable").forEach(makeSortable);
    document.querySelectorAll("input.table-filter").forEach(makeFilter);
    var search = document.getElementById("search-box");
    if (search) setupSearch(search);
  });
})();
