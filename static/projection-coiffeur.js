// The Coiffeur board with the cells that wait on this phone filled in, until the server has
// them (static/queue.js loads this while something waits): each kept cell filled as the
// server will fill it, the totals, and what each team still needs. An entry is read as the
// panel's form (scorer/web/coiffeur/forms.py) reads it and checked as entry_problems() in
// scorer/coiffeur/game.py checks it (one the server will refuse is not counted), scored as
// cell_value() and counter_value(), and the needs worked out as outlooks() and the page's
// need_text() and cell_need() do, from the rules as data (`scoring` in
// scorer/coiffeur/standing.py). tests/browser/test_projection_modes.py holds it to the server.
(function () {
  "use strict";

  // scorer/web/core/forms.py: small_whole() and parse_int() (null where it raises).
  function small(text, most) {
    text = text || "";
    if (!/^[0-9]+$/.test(text) || text.length > String(most).length) return null;
    const value = parseInt(text, 10);
    return value <= most ? value : null;
  }
  function whole(raw, empty) {
    const text = (raw || "").trim().replace(/ /g, "").replace(/'/g, "").replace(/^\++/, "");
    if (!text) return empty;
    if (small(text[0] === "-" ? text.slice(1) : text, 1e9) === null) return null;
    return parseInt(text, 10) || 0; // "-0" is 0
  }

  // The entry as the panel's form reads it (EntryForm.entry), null when the form refuses it.
  function read(fields, rules) {
    const flag = (name) => Boolean(fields[name]) && fields[name] !== "false";
    const entry = { match: flag("match"), crossed: flag("crossed"), countered: flag("countered") };
    let team;
    let contract;
    const cell = (fields.cell || "").trim();
    if (cell) {
      const at = cell.indexOf(":");
      [team, contract] = at < 0 ? [cell, ""] : [cell.slice(0, at), cell.slice(at + 1)];
    } else {
      [team, contract] = [(fields.team || "").trim(), (fields.contract || "").trim()];
      if (!team && !contract) return null;
    }
    const raw = (fields.points || "").trim();
    if (!raw && !entry.match && !entry.crossed && !entry.countered) return null;
    // EntryForm.which(): a team as the board's cells write it ("1", not "01").
    const index = small(team, 100);
    entry.team = index !== null && String(index) === team ? index : null;
    entry.contract = contract || null;
    entry.points = whole(raw, entry.match ? rules.hand : 0);
    return entry;
  }

  // entry_problems(): whether the entry may fill its cell (`open`: per team, the contracts
  // it has still to play).
  function fits(entry, rules, open, teams) {
    if (!open.some((still) => still.length)) return false; // every cell is filled
    if (entry.team === null || entry.team >= teams) return false;
    if (!Object.hasOwn(rules.times, entry.contract || "")) return false; // not on the board
    if (!open[entry.team].includes(entry.contract)) return false; // filled already
    if (entry.match + entry.crossed + entry.countered > 1) return false;
    if (entry.countered && (!rules.counter || teams !== 2)) return false;
    const points = entry.points;
    if (points === null) return false;
    if ((entry.crossed || entry.countered) && points) return false;
    if (entry.match) return points === rules.hand || points === rules.match;
    if (points === rules.match) return true;
    return points >= 0 && points <= rules.hand && !rules.impossible.includes(points);
  }

  // What a cell filled by the entry gives its team, and the other team (a counter-Match).
  function scored(entry, rules) {
    const times = rules.times[entry.contract];
    if (entry.crossed || entry.countered) {
      return { value: 0, counter: entry.countered ? rules.match * times : 0, times: times };
    }
    // normal(): a Match written as its points is a Match.
    const match = entry.match || (entry.points === rules.match && rules.match !== rules.hand);
    return { value: match ? rules.match * times : entry.points * times, counter: 0, times: times, match: match };
  }

  // The entries that wait, in order, on the board (`totals`, `open`): each cell they fill
  // (null for one the server will refuse), and the totals and open cells after them.
  function fill(rules, totals, open, entries) {
    totals = totals.slice();
    open = open.map((keys) => keys.slice());
    const teams = totals.length;
    const cells = entries.map(function (fields) {
      const entry = read(fields, rules);
      if (!entry) return null;
      if (!fits(entry, rules, open, teams)) return null;
      const cell = { ...entry, ...scored(entry, rules) };
      if (cell.match) cell.points = rules.hand;
      totals[cell.team] += cell.value;
      if (cell.counter) totals[1 - cell.team] += cell.counter;
      open[cell.team] = open[cell.team].filter((key) => key !== cell.contract);
      return cell;
    });
    return { cells: cells, totals: totals, open: open };
  }

  // outlooks() and _need() in scorer/coiffeur/outlook.py.
  function need(key, times, needed, rules) {
    if (needed <= 0) return { contract: key, points: 0, match: false };
    let points = Math.ceil(needed / times);
    if (rules.impossible.includes(points)) points += 1;
    if (points <= rules.hand) return { contract: key, points: points, match: false };
    return { contract: key, points: null, match: rules.match * times >= needed };
  }
  function outlooks(rules, totals, open) {
    const most = open.map((keys) => keys.reduce((sum, key) => sum + rules.match * rules.times[key], 0));
    const counter = rules.counter && totals.length === 2 ? [most[1], most[0]] : totals.map(() => 0);
    return totals.map(function (total, team) {
      const leader = Math.max(...totals.filter((_, other) => other !== team));
      const best = total + most[team] + counter[team];
      const needed = Math.max(0, leader - total + 1);
      return {
        team: team,
        total: total,
        best: best,
        leader: leader,
        needed: needed,
        can_still_win: best > leader,
        out_of_reach: best < leader,
        contracts: open[team].map((key) => need(key, rules.times[key], needed, rules)),
      };
    });
  }

  // need_text() and cell_need() in scorer/web/coiffeur/views.py, in the page's words.
  function needText(o, words) {
    if (o.needed === 0) return words.ahead;
    if (o.total === o.leader) return words.level;
    if (o.out_of_reach) return words.out;
    return (o.can_still_win ? words.needs : words.tie).replace("{points}", o.needed);
  }
  function cellNeed(n, words) {
    if (n.points === 0) return "";
    if (n.points !== null) return "≥ " + n.points;
    return n.match ? words.match_need : "";
  }

  function element(root, html) {
    const template = root.createElement("template");
    template.innerHTML = html;
    return template.content.firstElementChild;
  }

  // The page's board (the server's), with `entries` filled in.
  function project(root, entries, rules, swap, said) {
    const board = root.getElementById("board");
    if (!board) return;
    const words = rules.words;
    const names = Array.from(board.querySelectorAll("thead th b"), (b) => b.textContent);
    const sums = names.map((_, t) => root.getElementById("sum-" + t));
    if (sums.includes(null)) return;
    const cells = Array.from(board.querySelectorAll("td[data-team][data-contract]"));
    const isOpen = (td) => td.querySelector("input[name=cell], .open-cell") !== null;
    const open = names.map((_, t) =>
      cells.filter((td) => +td.dataset.team === t && isOpen(td)).map((td) => td.dataset.contract));
    const totals = sums.map((th) => parseInt(th.textContent, 10));
    const after = fill(rules, totals, open, entries);
    const counted = after.cells.filter(Boolean);
    if (!counted.length) return;

    counted.forEach(function (cell) {
      const td = root.getElementById("cell-" + cell.team + "-" + cell.contract);
      const now = td.cloneNode(false);
      now.classList.add("projected");
      const note = now.appendChild(root.createElement("div"));
      note.className = "note";
      note.appendChild(root.createElement("b")).textContent = cell.value;
      note.appendChild(root.createElement("br"));
      let kind = cell.points + " ×" + cell.times;
      if (cell.countered) kind = words.countered + ": " + names[1 - cell.team] + " +" + cell.counter;
      else if (cell.crossed) kind = words.crossed;
      else if (cell.match) kind = words.match;
      note.appendChild(root.createElement("small")).textContent = kind;
      swap(td, now.outerHTML);
    });

    after.totals.forEach(function (total, t) {
      const figure = root.querySelector("#total-" + t + " b");
      if (figure) swap(figure, '<b class="projected">' + total + "</b>");
      const sum = sums[t].cloneNode(false);
      sum.textContent = total;
      sum.classList.add("projected");
      swap(sums[t], sum.outerHTML);
    });

    const figures = root.querySelector(".figures");
    if (figures) {
      const line = element(root, '<p class="hint projected"></p>');
      line.textContent = said.replace("{number}", counted.length);
      line.dataset.was = ""; // not the server's: it goes when the projection is drawn again
      figures.after(line);
    }

    const finished = after.open.every((keys) => !keys.length);
    const row = root.getElementById("need-0");
    const hint = board.nextElementSibling;
    if (finished) {
      // The server shows neither what is missing nor where, once every cell is filled.
      if (row) swap(row.parentElement, "<tr hidden></tr>");
      if (hint && hint.matches("p.hint")) swap(hint, "<p hidden></p>");
      return;
    }
    const outlook = outlooks(rules, after.totals, after.open);
    outlook.forEach(function (o) {
      const td = root.getElementById("need-" + o.team);
      if (!td) return;
      const now = td.cloneNode(false);
      const text = now.appendChild(root.createElement(o.total < o.leader ? "div" : "small"));
      if (o.total < o.leader) text.className = "open-hand";
      text.textContent = needText(o, words);
      swap(td, now.outerHTML);
      // Each open cell's own need: only its words, so that a cell tapped keeps its choice.
      o.contracts.forEach(function (n) {
        const td = root.getElementById("cell-" + o.team + "-" + n.contract);
        const place = td && td.querySelector("label, .open-cell");
        if (!place) return;
        const text = o.total < o.leader ? cellNeed(n, words) : "";
        const was = place.querySelector("small");
        if ((was ? was.textContent : "") === text) return;
        if (!was) {
          const br = place.appendChild(root.createElement("br"));
          br.dataset.was = "";
          const shown = place.appendChild(root.createElement("small"));
          shown.textContent = text;
          shown.dataset.was = "";
        } else if (text) {
          swap(was, "<small>" + text.replace(/</g, "&lt;") + "</small>");
        } else {
          const br = was.previousElementSibling;
          if (br && br.tagName === "BR") swap(br, "<br hidden>");
          swap(was, "<small hidden></small>");
        }
      });
    });
  }

  window.JassProjection = project;
  project.parts = { fill: fill, outlooks: outlooks, needText: needText, cellNeed: cellNeed };
})();
