// site-gen: sortable and filterable tables (pinned columns and header, scroll cues, "why"
// notes as popovers), and the player search box.
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
    var table = input.closest(".table-block").querySelector(".table-scroll > table");  // not the header copy
    input.addEventListener("input", function () {
      var q = input.value.trim().toLocaleLowerCase();
      Array.prototype.forEach.call(table.tBodies[0].rows, function (row) {
        var text = Array.prototype.map.call(row.cells, ownText).join(" ");
        row.hidden = q !== "" && text.toLocaleLowerCase().indexOf(q) === -1;
      });
    });
  }

  // --- wide and long tables ------------------------------------------------------------------
  // site.css pins a table's first two columns; the second one's offset is the first one's
  // width, measured here (--pin-left). The box says which way it can still scroll (more-left,
  // more-right: the cues). A long table gets a copy of its header row that follows the page
  // down (headCopy): the real one sits in the scroll box, which a sticky header can't leave.
  var LONG_TABLE_ROWS = 15;
  var heads = [];

  function setupTableBox(box) {
    var table = box.querySelector(":scope > table");
    if (!table || !table.tHead || !table.tHead.rows.length) return;
    var first = table.tHead.rows[0].cells[0];
    var head = table.tBodies.length && table.tBodies[0].rows.length >= LONG_TABLE_ROWS ? headCopy(box, table) : null;
    function cue() {
      var end = box.scrollWidth - box.clientWidth;
      box.classList.toggle("more-left", box.scrollLeft > 1);
      box.classList.toggle("more-right", box.scrollLeft < end - 1);
      box.querySelectorAll(".why-note").forEach(function (note) { if (note.matches(":popover-open")) note.hidePopover(); });
      if (head) head.follow();
    }
    function measure() {
      table.style.setProperty("--pin-left", first.getBoundingClientRect().width + "px");
      if (head) head.fit();
      cue();
    }
    box.addEventListener("scroll", cue, { passive: true });
    if (window.ResizeObserver) {
      var watch = new ResizeObserver(measure);
      [box, table, first].forEach(function (el) { watch.observe(el); });
    }
    measure();
  }

  function headCopy(box, table) {
    var pin = document.createElement("div");
    pin.className = "table-head-pin";
    pin.setAttribute("aria-hidden", "true");  // a picture of the real header, which readers have
    pin.hidden = true;
    var clip = document.createElement("div");
    clip.className = "table-head-clip";
    var copy = document.createElement("table");
    copy.className = table.className.replace(/\bsortable\b/, "");
    copy.appendChild(table.tHead.cloneNode(true));
    clip.appendChild(copy);
    pin.appendChild(clip);
    box.parentNode.insertBefore(pin, box);
    var real = table.tHead.rows[0].cells, copied = copy.tHead.rows[0].cells;
    // a click on a copied label sorts by the real one
    Array.prototype.forEach.call(copied, function (th, i) {
      th.addEventListener("click", function () {
        var button = real[i].querySelector("button");
        if (button) button.click();
        sync();
      });
    });
    function sync() {
      Array.prototype.forEach.call(real, function (th, i) {
        var sort = th.getAttribute("aria-sort");
        if (sort === null) copied[i].removeAttribute("aria-sort"); else copied[i].setAttribute("aria-sort", sort);
      });
    }
    var self = {
      fit: function () {
        copy.style.width = table.tHead.rows[0].getBoundingClientRect().width + "px";
        copy.style.setProperty("--pin-left", table.style.getPropertyValue("--pin-left"));
        Array.prototype.forEach.call(real, function (th, i) { copied[i].style.width = th.getBoundingClientRect().width + "px"; });
        clip.style.width = box.clientWidth + "px";
      },
      follow: function () {
        var top = table.tHead.getBoundingClientRect(), whole = table.getBoundingClientRect();
        var show = top.top < 0 && whole.bottom > 2 * top.height;
        if (show && pin.hidden) sync();
        pin.hidden = !show;
        clip.scrollLeft = box.scrollLeft;
        clip.classList.toggle("more-left", box.classList.contains("more-left"));
      }
    };
    heads.push(self);
    return self;
  }

  var following = false;
  function followAll() {
    if (following) return;
    following = true;
    window.requestAnimationFrame(function () {
      following = false;
      heads.forEach(function (head) { head.follow(); });
    });
  }

  // "Why this place?": the theme writes a <details>, which opens inside its cell (the row
  // grows, the table may widen). Where the browser has popovers it becomes a button that opens
  // the note over the page: Escape or a click elsewhere closes it, and the button says whether
  // it is open.
  function makePopover(details) {
    var summary = details.querySelector("summary"), text = details.querySelector("p");
    if (!summary || !text || typeof details.showPopover !== "function") return;
    var wrap = document.createElement("span");
    wrap.className = "why";
    var button = document.createElement("button");
    button.type = "button";
    button.className = "why-button";
    button.setAttribute("aria-expanded", "false");
    while (summary.firstChild) button.appendChild(summary.firstChild);
    var note = document.createElement("span");
    note.className = "why-note";
    note.popover = "auto";
    while (text.firstChild) note.appendChild(text.firstChild);
    button.popoverTargetElement = note;
    // beforetoggle comes as it opens or closes, toggle a moment later: where it goes is known
    // from the button, how wide it is only once shown
    note.addEventListener("beforetoggle", function (ev) {
      var open = ev.newState === "open";
      button.setAttribute("aria-expanded", open ? "true" : "false");
      if (open) place(note, button);
    });
    note.addEventListener("toggle", function (ev) { if (ev.newState === "open") place(note, button); });
    wrap.appendChild(button);
    wrap.appendChild(note);
    details.parentNode.replaceChild(wrap, details);
  }

  // Under its button, inside the window's width: it never widens the page.
  function place(note, button) {
    var at = button.getBoundingClientRect();
    var room = document.documentElement.clientWidth;
    var width = note.offsetWidth || Math.min(288, room - 16);  // not shown yet: as wide as it may be
    var left = Math.max(8, Math.min(at.left, room - width - 8));
    note.style.left = (left + window.scrollX) + "px";
    note.style.top = (at.bottom + 4 + window.scrollY) + "px";
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
    document.querySelectorAll("details.why").forEach(makePopover);
    // header copies are made before the sortable headers get their buttons: a copy holds no
    // control a keyboard could reach inside its aria-hidden
    document.querySelectorAll(".table-scroll").forEach(setupTableBox);
    window.addEventListener("scroll", followAll, { passive: true });
    document.querySelectorAll("table.sortable").forEach(makeSortable);
    document.querySelectorAll("input.table-filter").forEach(makeFilter);
    var search = document.getElementById("search-box");
    if (search) setupSearch(search);
  });
})();
