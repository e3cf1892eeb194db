// swiss-cut bracket: hovering or focusing a name outlines that player in every column.
(function () {
  "use strict";
  document.addEventListener("DOMContentLoaded", function () {
    var entries = Array.prototype.slice.call(document.querySelectorAll(".sc-entry[data-player]"));
    function mark(name) {
      entries.forEach(function (e) { e.classList.toggle("on-path", name !== null && e.getAttribute("data-player") === name); });
    }
    entries.forEach(function (entry) {
      var name = entry.getAttribute("data-player");
      entry.addEventListener("mouseenter", function () { mark(name); });
      entry.addEventListener("focusin", function () { mark(name); });
      entry.addEventListener("mouseleave", function () { mark(null); });
    });
  });
})();
