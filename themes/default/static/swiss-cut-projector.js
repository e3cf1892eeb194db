// swiss-cut projector view: each part (seating, standings) is cut into screens of the items
// that fit the window, shown in turn every SECONDS, with no scrolling. Recut on resize.
(function () {
  "use strict";
  var SECONDS = 12;
  var screens = [];
  var shown = 0;
  var timer = null;

  function cut() {
    screens = [];
    var status = document.querySelector(".sc-screen-status");
    document.querySelectorAll(".sc-screen").forEach(function (part) {
      var items = Array.prototype.slice.call(part.querySelectorAll(".sc-screen-items > li"));
      part.hidden = false;
      items.forEach(function (item) { item.hidden = false; });
      // the height left under the part's heading, above the status line and the page's margin
      var list = part.querySelector(".sc-screen-items");
      var margin = parseFloat(getComputedStyle(document.body).paddingBottom) || 0;
      var room = window.innerHeight - list.getBoundingClientRect().top - (status ? status.offsetHeight : 0) - margin;
      var page = [];
      var top = items.length ? items[0].getBoundingClientRect().top : 0;
      items.forEach(function (item) {
        var box = item.getBoundingClientRect();
        if (page.length && box.bottom - top > room) {
          screens.push({ part: part, items: page });
          page = [];
          top = box.top;
        }
        page.push(item);
      });
      if (page.length || !items.length) screens.push({ part: part, items: page });
    });
    show(Math.min(shown, screens.length - 1));
  }

  function show(index) {
    shown = index;
    var status = document.querySelector(".sc-screen-status");
    var current = screens[index];
    document.querySelectorAll(".sc-screen").forEach(function (part) { part.hidden = part !== current.part; });
    current.part.querySelectorAll(".sc-screen-items > li").forEach(function (item) {
      item.hidden = current.items.indexOf(item) < 0;
    });
    var pages = screens.filter(function (s) { return s.part === current.part; });
    if (status) {
      status.textContent = pages.length > 1 ? document.body.getAttribute("data-page-of")
        .replace("{page}", String(pages.indexOf(current) + 1)).replace("{pages}", String(pages.length)) : "";
    }
  }

  document.addEventListener("DOMContentLoaded", function () {
    cut();
    timer = window.setInterval(function () { show((shown + 1) % screens.length); }, SECONDS * 1000);
    var waiting = null;
    window.addEventListener("resize", function () {
      window.clearTimeout(waiting);
      waiting = window.setTimeout(cut, 200);
    });
    document.addEventListener("keydown", function (event) {  // the operator may step by hand
      if (event.key === "ArrowRight" || event.key === "ArrowLeft") {
        show((shown + (event.key === "ArrowRight" ? 1 : screens.length - 1)) % screens.length);
        window.clearInterval(timer);
        timer = window.setInterval(function () { show((shown + 1) % screens.length); }, SECONDS * 1000);
      }
    });
  });
})();
