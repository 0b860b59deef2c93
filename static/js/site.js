// Small helpers; every page works without this file.
(function () {
  "use strict";
  // Score grid: show East-West's tricks (13 minus North-South's) as they are typed.
  document.addEventListener("input", function (event) {
    var input = event.target;
    if (!input.matches || !input.matches("input.tricks")) return;
    var target = document.getElementById(input.dataset.ew);
    if (!target) return;
    var value = parseInt(input.value, 10);
    target.textContent = value >= 0 && value <= 13 ? String(13 - value) : "";
  });
})();
