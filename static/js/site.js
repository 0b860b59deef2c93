// Small helpers; every page works without this file.
(function () {
  "use strict";
  // Score grid: show East-West's tricks as North-South's are typed. The page
  // lists E-W's tricks for each count of N-S's: no arithmetic here.
  document.addEventListener("input", function (event) {
    var input = event.target;
    if (!input.matches || !input.matches("input.tricks")) return;
    var target = document.getElementById(input.dataset.ew);
    var form = input.closest("[data-ew-by-ns]");
    if (!target || !form) return;
    var ewByNs = form.dataset.ewByNs.split(" ");
    var ew = ewByNs[parseInt(input.value, 10)];
    target.textContent = ew === undefined ? "" : ew;
  });

  // The "Cards in" desk and the paper slips: the next card still out (the
  // next missing table) comes up in its box, selected, so typing another
  // number replaces it.
  function selectOnFocus(input) {
    if (input && input.matches && input.matches("input[data-select-on-focus]")) {
      input.select();
    }
  }
  document.addEventListener("focusin", function (event) {
    selectOnFocus(event.target);
  });
  document.addEventListener("DOMContentLoaded", function () {
    selectOnFocus(document.activeElement);
  });

  // A form the server turned down (4xx) comes back as a whole page, which a
  // boosted form scrolls to its top: the message and whatever it asks (which
  // of two namesakes, say) could be screens further down. Once htmx has done
  // its scrolling, the first thing wrong is brought into view instead.
  // A form that opens with the cursor in a field a few screens down (the score
  // grid's next hand to type; marked data-cursor-in-sight) has it in sight too,
  // as a page loaded without htmx would: the boosted swap's scroll to the top
  // would hide it.
  document.body.addEventListener("htmx:afterSettle", function (event) {
    var xhr = event.detail && event.detail.xhr;
    if (!event.detail.boosted || !xhr) return;
    window.setTimeout(function () {
      if (xhr.status >= 400 && xhr.status < 500) {
        var wrong = document.querySelector("#main .errors, #main .has-error, #main [role=alert]");
        if (wrong) {
          wrong.scrollIntoView({ block: "start" });
          return;
        }
      }
      var cursor = document.activeElement;
      if (cursor && cursor.matches && cursor.matches("[data-cursor-in-sight] [autofocus]")) {
        cursor.scrollIntoView({ block: "nearest" });
      }
    }, 0);
  });

  // The projector: the whole board on the screen, read across a hall. The
  // type as large as it can be (to a floor still read from the back) with
  // each name on one line, in as few columns as that takes (a column no wider
  // than MAX_COLUMN_EM, so a total stays near its name); where the names cannot
  // all have one line, the largest type that puts every row on the screen;
  // past that the board is shown a screenful at a time, a page at each of the
  // board's own refreshes (htmx's poll waits until the last page has been shown).
  var LARGEST_REM = 2;
  var SMALLEST_REM = 1.3;
  var MIN_COLUMN_EM = 14;
  var MAX_COLUMN_EM = 30;
  var COLUMN_GAP_EM = 1.5;
  function projectorBoard() {
    return document.querySelector("#projector ol.projector-board");
  }
  // Whether the board, as laid out now, is inside its area: the screen's height
  // less all else the slide shows, margins and padding too (captain.css lays the
  // slide out as a column the screen's height, the area taking the room left).
  function fits(board) {
    var area = board.parentNode.getBoundingClientRect();
    return board.getBoundingClientRect().bottom <= area.bottom + 0.5;
  }
  function showPage(board) {
    var rows = board.children;
    var size = board.perPage || rows.length;
    for (var i = 0; i < rows.length; i++) {
      rows[i].hidden = Math.floor(i / size) !== board.page;
    }
    var words = document.getElementById("projector-page");
    if (board.pages > 1) {
      if (!words) {
        words = document.createElement("p");
        words.id = "projector-page";
        words.className = "projector-page";
        board.parentNode.parentNode.insertBefore(words, board.parentNode);
      }
      words.textContent = board.dataset.pageWords
        .replace("{page}", board.page + 1)
        .replace("{pages}", board.pages);
    } else if (words) {
      words.remove();
    }
  }
  // Whether what `range` holds is laid out on one line.
  function onOneLine(range) {
    var rects = range.getClientRects();
    var top = null;
    for (var j = 0; j < rects.length; j++) {
      if (rects[j].width === 0) continue;
      if (top === null) top = Math.round(rects[j].top);
      else if (Math.abs(Math.round(rects[j].top) - top) > 1) return false;
    }
    return true;
  }
  // Whether every name on the board is on one line, as laid out now.
  function namesOnOneLine(board) {
    var names = board.querySelectorAll("li .name");
    var range = document.createRange();
    for (var i = 0; i < names.length; i++) {
      range.selectNodeContents(names[i]);
      if (!onOneLine(range)) return false;
    }
    return true;
  }
  // Whether no word of the texts `elements` start with is broken across
  // lines, as laid out now (they may wrap between their words, and after a
  // hyphen: "Grzegorz" over "Brzęczyszczykiewicz").
  function wordsWholeIn(elements) {
    var range = document.createRange();
    for (var i = 0; i < elements.length; i++) {
      var text = elements[i].firstChild;
      if (!text || text.nodeType !== 3) continue;
      var words = /[^\s\-\u2010]+/g;
      for (var m = words.exec(text.data); m; m = words.exec(text.data)) {
        range.setStart(text, m.index);
        range.setEnd(text, m.index + m[0].length);
        if (!onOneLine(range)) return false;
      }
    }
    return true;
  }
  // Whether no word of a name on the board is broken across lines.
  function wordsWhole(board) {
    return wordsWholeIn(board.querySelectorAll("li .name"));
  }
  function setType(board, rem, columns) {
    board.style.fontSize = rem + "rem";
    board.style.columnCount = columns ? String(columns) : "";
  }
  // The column counts to try at `rem`: from as few as keeps a column no wider
  // than MAX_COLUMN_EM to as many as keeps one MIN_COLUMN_EM wide.
  function columnCounts(board, rem) {
    var em = rem * parseFloat(getComputedStyle(document.documentElement).fontSize);
    var width = board.clientWidth + COLUMN_GAP_EM * em;
    var most = Math.max(1, Math.floor(width / ((MIN_COLUMN_EM + COLUMN_GAP_EM) * em)));
    var fewest = Math.min(most, Math.max(1, Math.ceil(width / ((MAX_COLUMN_EM + COLUMN_GAP_EM) * em))));
    return [fewest, most];
  }
  function fitProjector() {
    var board = projectorBoard();
    if (!board || board.fitted) return;
    board.fitted = true;
    var rows = board.children;
    for (var i = 0; i < rows.length; i++) rows[i].hidden = false;
    var words = document.getElementById("projector-page");
    if (words) words.remove();
    board.style.fontSize = "";
    board.style.columnCount = "";
    board.page = 0;
    board.pages = 1;
    board.perPage = rows.length;
    // A phone (projector.css sets --projector-scrolls): a page that scrolls, with
    // every row, in the style sheet's type; nothing to fit to the screen.
    if (getComputedStyle(board).getPropertyValue("--projector-scrolls").trim() === "1") return;
    var rem;
    var steps = Math.round((LARGEST_REM - SMALLEST_REM) * 10);
    // Each name on one line, the type as large as that allows.
    for (var step = 0; step <= steps; step++) {
      rem = Math.round((LARGEST_REM - step / 10) * 10) / 10;
      var counts = columnCounts(board, rem);
      for (var columns = counts[0]; columns <= counts[1]; columns++) {
        setType(board, rem, columns);
        if (fits(board) && namesOnOneLine(board)) return;
      }
    }
    // Else every row on the screen, names wrapping between their words (at
    // 110 % on a 1024 px projector a long surname was broken mid-word,
    // "Brzęczyszczykiew|icz"), the type as large as that allows.
    for (step = 0; step <= steps; step++) {
      rem = Math.round((LARGEST_REM - step / 10) * 10) / 10;
      counts = columnCounts(board, rem);
      for (columns = counts[0]; columns <= counts[1]; columns++) {
        setType(board, rem, columns);
        if (fits(board) && wordsWhole(board)) return;
      }
    }
    // Else every row on the screen, names wrapping where they must.
    setType(board, LARGEST_REM, 0);
    rem = LARGEST_REM;
    while (!fits(board) && rem > SMALLEST_REM) {
      rem = Math.max(SMALLEST_REM, Math.round((rem - 0.1) * 10) / 10);
      setType(board, rem, 0);
    }
    if (fits(board) || rows.length < 2) return;
    // Pages: as many rows as fit, found by halving.
    board.pages = 2; // room for the page's words while measuring
    showPage(board);
    var low = 1;
    var high = rows.length;
    while (low < high) {
      var mid = Math.ceil((low + high) / 2);
      board.perPage = mid;
      showPage(board);
      if (fits(board)) low = mid;
      else high = mid - 1;
    }
    board.perPage = low;
    board.pages = Math.ceil(rows.length / low);
    showPage(board);
  }
  document.addEventListener("DOMContentLoaded", fitProjector);
  document.body.addEventListener("htmx:afterSettle", fitProjector);
  // The prize slide (prizes/_projector_prize.html): its type scaled to the screen
  // (captain.css), and made smaller, a step at a time down to half, where a long
  // prize name or two winners with long names would pass the screen's foot or
  // break a word across lines ("Constantinescu-Rădulescu" at 1280 x 720).
  function prizeSlide() {
    return document.querySelector("#projector .prize-giving");
  }
  function slideFits(slide) {
    var room = slide.parentNode.getBoundingClientRect().bottom;
    var last = slide.lastElementChild;
    if (last && last.getBoundingClientRect().bottom > room + 0.5) return false;
    return wordsWholeIn(slide.querySelectorAll(".prize-title, .prize-name"));
  }
  function fitPrizeSlide() {
    var slide = prizeSlide();
    if (!slide) return;
    slide.style.fontSize = "";
    var full = parseFloat(getComputedStyle(slide).fontSize);
    for (var part = 0.95; part >= 0.5 && !slideFits(slide); part -= 0.05) {
      slide.style.fontSize = (full * part).toFixed(2) + "px";
    }
  }
  document.addEventListener("DOMContentLoaded", fitPrizeSlide);
  document.body.addEventListener("htmx:afterSettle", fitPrizeSlide);
  window.addEventListener("resize", fitPrizeSlide);
  if (document.fonts && document.fonts.ready) document.fonts.ready.then(fitPrizeSlide);
  function refit() {
    var board = projectorBoard();
    if (!board) return;
    board.fitted = false;
    fitProjector();
  }
  window.addEventListener("resize", refit);
  document.addEventListener("projector:refit", refit); // bell.js's controls shown

  document.body.addEventListener("htmx:beforeRequest", function (event) {
    var board = projectorBoard();
    if (!board || event.target.id !== "projector") return;
    if (board.pages > 1 && board.page < board.pages - 1) {
      event.preventDefault();
      board.page += 1;
      showPage(board);
    }
  });
  // The drive's menu (and the site's), unfolded on a phone to follow a link: folded again in the page
  // htmx keeps for the Back button, so the page comes back as a direct load shows it.
  document.body.addEventListener("htmx:beforeHistorySave", function () {
    document.querySelectorAll(".drive-nav details[open], .site-nav details[open]").forEach(function (menu) {
      menu.open = false;
    });
  });
})();
