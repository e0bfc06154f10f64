// The Handjass board with the deals that wait on this phone played in, until the server has
// them (static/queue.js loads this while something waits): each player's corner and net
// strokes, and who deals and leads the next deal, as the server will show them. A deal is read
// from the panel's fields as the server reads them (scorer/web/handjass/views.py: filled, DealForm),
// checked as deal_problems and points_question check it, and played as award and _Replay.add
// in scorer/handjass/game.py play it, from the rules as data (`scoring` there); the corners
// are drawn as scorer/web/schieber/slate.py corner_svg draws them, to the byte. From a deal whose
// outcome is the server's to decide (declared Weis, a tie's draw, a refusal, a question), the
// phone counts nothing more and says so. tests/browser/test_projection_handjass.py holds each
// part to the server's own.
(function () {
  "use strict";

  const PLAY = "play";
  const OUT = "out";
  const BLIND = "blind";
  const CORNER = 180;

  // --- A deal as the server reads the panel's fields --------------------------------------

  // parse_int (scorer/web/core/forms.py) of a field: null when blank, NaN when the server reads no
  // whole number in it. Only printable ASCII is read here: anything else is the server's.
  function number(raw) {
    const text = (raw || "").trim().replace(/[ ']/g, "").replace(/^\++/, "");
    if (!text) return null;
    const found = /^(-?)(\d{1,10})$/.exec(text);
    if (!found || +found[2] > 1e9) return NaN;
    return found[1] && +found[2] ? -found[2] : +found[2];
  }

  function readable(fields) {
    return Object.keys(fields).every((k) => /^[\x20-\x7e]*$/.test(k + (fields[k] || "")));
  }

  // The deal the server writes from these fields after `at`, or null where it does not write
  // it as typed (refused, asked, a tie to draw) or decides what the phone cannot (declared
  // Weis, a draw left to it): entries of the players still in, in seat order.
  function deal(fields, at, data) {
    if (!readable(fields) || Object.keys(fields).some((k) => /^d\d+$/.test(k))) return null;
    const seats = inGame(at);
    const n = seats.length;
    const agreed = ![undefined, "", "false"].includes(fields.agreed);
    const status = (s) => (fields["status" + s] === undefined ? PLAY : fields["status" + s]);
    // typed_for: points for a player who retired are refused.
    const typed = (s) => status(s) !== OUT && ["cards", "weis"].some((f) => (fields[f + s] || "").trim());
    if (Object.keys(at.retired).some(typed)) return null;
    const cards = {};
    seats.forEach((s) => { cards[s] = fields["cards" + s]; });
    // filled(): the one blank of a deal whose points make a known total gets the rest.
    const active = seats.filter((s) => status(s) !== OUT);
    const points = active.map((s) => number(cards[s]));
    const total = known(data, n, active.length, agreed);
    if (total !== null && !points.some(Number.isNaN)) {
      const blank = active.filter((s, i) => points[i] === null);
      const made = points.reduce((sum, p) => sum + (p || 0), 0);
      if (blank.length === 1 && made > total) return null;
      if (blank.length === 1) cards[blank[0]] = String(total - made);
    }
    // DealForm.deal: points are needed unless one plays alone or two agree.
    const needed = active.length >= 2 && !agreed;
    const entries = [];
    for (const s of seats) {
      const text = (cards[s] || "").trim();
      if (needed && status(s) !== OUT && !text) return null;
      const e = { seat: s, status: status(s), cards: number(text), weis: number(fields["weis" + s]) };
      if (Number.isNaN(e.cards) || Number.isNaN(e.weis)) return null;
      e.cards = e.cards || 0;
      e.weis = e.weis || 0;
      e.stoeck = fields["stoeck" + s] === "y";
      entries.push(e);
    }
    // The draw of a tie (the table's pick; "random", the server's draw, is no seat: a tie
    // left to it stays a tie here).
    const draw = fields.draw === undefined ? [] : [fields.draw];
    // A draw the panel does not offer (no seat, nor the phone's): the server writes nothing.
    if (draw.some((d) => d !== "random" && !/^(0|[1-9][0-9]?)$/.test(d))) return null;
    const found = {
      trump: fields.trump || "",
      entries: entries,
      agreed: agreed,
      draw: draw.filter((d) => /^\d{1,3}$/.test(d) && +d <= 100).map(Number),
    };
    if (problems(found, n, data)) return null;
    // points_question: points short of a known total ask first, unless the table said so.
    const made = found.entries.filter(played).reduce((sum, e) => sum + e.cards, 0);
    const whole = known(data, n, found.entries.filter(played).length, agreed);
    if (fields.confirm !== "sum" && whole !== null && made !== whole) return null;
    return found;
  }

  // deal_total: the card points a deal holds, where known (null).
  function known(data, n, active, agreed) {
    if (agreed || active < 2 || active !== n) return null;
    return data.total[n];
  }

  function played(e) {
    return e.status === PLAY || e.status === BLIND;
  }

  // deal_problems without declared Weis (those are the server's): whether the server refuses.
  function problems(found, n, data) {
    if (!Object.hasOwn(data.times, found.trump)) return true;
    for (const e of found.entries) {
      if (![PLAY, OUT, BLIND].includes(e.status)) return true;
      if (e.status === OUT && (e.cards || e.weis)) return true;
      if (!data.choices[n].includes(e.status)) return true;
      if (e.cards < 0 || e.cards > data.cards || e.cards === 1 || e.cards === data.cards - 1) return true;
      if (e.weis < 0 || e.weis % 10 || e.weis === 10 || e.weis === 30 || e.weis > data.most[n]) return true;
      if (e.stoeck && (e.weis || !played(e))) return true;
    }
    const active = found.entries.filter(played);
    if (found.entries.filter((e) => e.status === BLIND).length > 1) return true;
    if (found.entries.length && !active.length) return true;
    if (!found.agreed && active.reduce((sum, e) => sum + e.cards, 0) > data.cards) return true;
    if (found.agreed && (active.length !== 2 || n < 3)) return true;
    if (found.entries.filter((e) => e.stoeck).length > 1) return true;
    // _one_weis_holder: written Weis for one player at most, besides one Stöck of 20.
    const written = found.entries.filter((e) => e.weis);
    const twenties = written.filter((e) => e.weis === 20).length;
    const free = !found.entries.some((e) => e.stoeck);
    if (written.length - (twenties && free ? 1 : 0) > 1) return true;
    return found.draw.some((d) => !found.entries.some((e) => e.seat === d));
  }

  // --- A deal as the engine plays it -------------------------------------------------------

  // award(): strokes and potatoes by seat, the points that counted, a tied stroke held over;
  // null for a tie that needs the draw.
  function award(found, data, n) {
    const times = data.times[found.trump];
    const active = found.entries.filter(played);
    const points = {};
    active.forEach((e) => { points[e.seat] = e.cards + e.weis + (e.stoeck ? data.stoeck : 0); });
    const strokes = {};
    const potatoes = {};
    const given = { strokes: strokes, potatoes: potatoes, points: points, held: null };
    if (active.length === 1) {
      strokes[active[0].seat] = data.alone[n] * times;
      return given;
    }
    if (found.agreed) {
      active.forEach((e) => { strokes[e.seat] = times; });
      return given;
    }
    active.forEach((e) => { if (points[e.seat] < data.threshold) potatoes[e.seat] = times; });
    const good = active.filter((e) => !(e.seat in potatoes)).map((e) => e.seat);
    good.sort((a, b) => points[b] - points[a]); // stable: seat order among equals
    if (!good.length) return given;
    const count = data.strokes[n];
    let best;
    let tied = [];
    let needed = 0;
    if (good.length > count && points[good[count - 1]] === points[good[count]]) {
      const level = points[good[count - 1]];
      tied = good.filter((s) => points[s] === level);
      best = good.filter((s) => points[s] > level);
      needed = count - best.length;
      if (found.draw.length === needed && found.draw.every((d) => tied.includes(d))) {
        best = best.concat(found.draw);
        tied = [];
      } else if (data.hold && tied.length === 2 && needed === 1) {
        given.held = [tied[0], tied[1], times];
        tied = [];
      }
    } else best = good.slice(0, count);
    if (tied.length) return null;
    best.forEach((s) => { strokes[s] = (strokes[s] || 0) + 1; });
    const left = count - best.length - (given.held ? 1 : 0);
    if (left > 0 && !needed && best.length) strokes[best[0]] += left;
    const extra = Object.keys(potatoes).length;
    if (data.extra && extra && best.length) {
      if (best.length === 1 || extra === 1) strokes[best[0]] += extra;
      else best.slice(0, extra).forEach((s) => { strokes[s] += 1; });
    }
    Object.keys(strokes).forEach((s) => { strokes[s] *= times; });
    return given;
  }

  function inGame(at) {
    return at.strokes.map((_, s) => s).filter((s) => !(s in at.retired));
  }

  // _next and _before: the first seat after (before) `seat` among the players still in.
  function next(seat, among, count, step) {
    for (let k = 1; k <= count; k++) {
      const candidate = (((seat + step * k) % count) + count) % count;
      if (among.includes(candidate)) return candidate;
    }
    return seat;
  }

  // The state after `entries` played on from `start` ({strokes, potatoes, retired, deals,
  // vorhand, held, loser, pending}), as _Replay.add plays them, with `played`: how many of
  // them the phone could play before one the server decides.
  function play(start, entries, data) {
    const at = JSON.parse(JSON.stringify(start));
    at.played = 0;
    const count = at.strokes.length;
    for (const fields of entries) {
      if (at.pending || at.loser !== null) break;
      const seats = inGame(at);
      const found = deal(fields, at, data);
      const given = found && award(found, data, seats.length);
      if (!given) break;
      const number = at.deals + 1;
      at.held = at.held.filter(function ([a, b, times]) {
        let winner;
        if (a in at.retired || b in at.retired) winner = a in at.retired ? b : a;
        else if (a in given.points && b in given.points && given.points[a] !== given.points[b]) {
          winner = given.points[a] > given.points[b] ? a : b;
        } else return true;
        given.strokes[winner] = (given.strokes[winner] || 0) + times;
        return false;
      });
      if (given.held) at.held.push(given.held);
      Object.keys(given.strokes).forEach((s) => { at.strokes[s] += given.strokes[s]; });
      Object.keys(given.potatoes).forEach((s) => { at.potatoes[s] += given.potatoes[s]; });
      const net = (s) => at.strokes[s] - at.potatoes[s];
      const out = seats.filter((s) => net(s) >= data.target);
      out.forEach((s) => { at.retired[s] = number; });
      at.deals = number;
      at.played += 1;
      const left = inGame(at);
      if (left.length <= 1) {
        at.loser = left.length ? left[0] : out.reduce((low, s) => (net(s) < net(low) ? s : low));
      } else at.vorhand = next(at.vorhand, left, count, 1);
    }
    at.dealer = next(at.vorhand, inGame(at), count, -1);
    return at;
  }

  // --- The corners, as corner_svg draws them ------------------------------------------------

  function escape(text) {
    const marks = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&#34;", "'": "&#39;" };
    return String(text).replace(/[&<>"']/g, (c) => marks[c]);
  }

  // Python's str.format with named values, as the server fills the words in.
  function fill(words, values) {
    return words.replace(/\{(\w+)\}/g, (all, name) => (name in values ? values[name] : all));
  }

  function tally(count) {
    const groups = [];
    for (let left = count; left > 0; left -= 5) groups.push(Math.min(5, left));
    return groups;
  }

  function text(x, y, words, cls, anchor) {
    return '<text class="' + cls + '" x="' + x + '" y="' + y + '" text-anchor="' + (anchor || "start") + '">' + escape(words) + "</text>";
  }

  function line(x1, y1, x2, y2) {
    const f = (v) => v.toFixed(1);
    return '<line class="stroke" x1="' + f(x1) + '" y1="' + f(y1) + '" x2="' + f(x2) + '" y2="' + f(y2) + '"/>';
  }

  // One player's corner: strokes in fives, potatoes as circles, the net count and the marks.
  function corner(at, seat, players, words) {
    const strokes = at.strokes[seat];
    const potatoes = at.potatoes[seat];
    const net = strokes - potatoes;
    const marks = [];
    if (at.loser === seat) marks.push(words.loser);
    else if (seat in at.retired) marks.push(fill(words.retired, { number: at.retired[seat] }));
    else if (at.loser === null) {
      if (at.vorhand === seat) marks.push(words.vorhand);
      if (at.dealer === seat) marks.push(words.dealer);
    }
    const label = fill(words.net, { player: players[seat], net: net });
    let svg = '<svg class="corner-svg" viewBox="0 0 ' + CORNER + " " + CORNER + '" role="img" aria-label="' + escape(label) +
      '" data-seat="' + seat + '" data-strokes="' + strokes + '" data-potatoes="' + potatoes + '" data-net="' + net + '">' +
      text(10, 24, players[seat], "team-name") + text(CORNER - 10, 26, String(net), "team-total", "end") +
      (marks.length ? text(10, 44, marks.join(" · "), "marks") : "");
    let x = 14;
    let y = 70;
    tally(strokes).forEach(function (size) {
      const xs = [];
      for (let i = 0; i < Math.min(size, 4); i++) xs.push(x + i * 8);
      xs.forEach((sx) => { svg += line(sx, y - 12, sx, y + 12); });
      if (size === 5) svg += line(xs[0] - 4, y + 9, xs[xs.length - 1] + 4, y - 9);
      x = xs[xs.length - 1] + 16;
      if (x > CORNER - 40) {
        x = 14;
        y += 32;
      }
    });
    let cx = 20;
    let cy = Math.max(y + 40, 120);
    tally(potatoes).forEach(function (group) {
      for (let i = 0; i < group; i++) {
        svg += '<circle class="potato" cx="' + cx.toFixed(1) + '" cy="' + cy.toFixed(1) + '" r="7"/>';
        cx += 18;
      }
      cx += 8;
      if (cx > CORNER - 20) {
        cx = 20;
        cy += 20;
      }
    });
    return svg + "</svg>";
  }

  // --- The page ----------------------------------------------------------------------------

  // The deal panel's line for the next deal, and how its rows stand (handjass.css): the next
  // Vorhand's row first (data-first: its place among the rows as the server put them), none
  // for who is no longer in (data-out), no agreement for two (data-players). Never a stale
  // dealer or Vorhand: unknown while the server decides, and no next deal once one lost.
  function who(root, at, stop, given, swap) {
    const players = given.players;
    const words = given.words;
    const line = root.querySelector("form.deal .who");
    if (!line) return;
    const now = document.createElement("div");
    now.className = "who projected";
    const seats = inGame(at);
    now.dataset.out = players.map((_, s) => s).filter((s) => !seats.includes(s)).join(" ");
    const say = (html) => { now.insertAdjacentHTML("beforeend", "<span>" + html + "</span>\n"); };
    if (at.loser !== null) {
      now.dataset.over = "";
      say(escape(fill(words.lost, { player: players[at.loser] })));
    } else if (stop) {
      say(escape(fill(words.unknown, { number: at.deals + 1 + stop })));
    } else {
      const rows = Array.from(line.parentNode.querySelectorAll(".players > .player-row"));
      now.dataset.first = Math.max(rows.findIndex((r) => r.id === "player-" + at.vorhand), 0);
      now.dataset.players = seats.length;
      const names = { number: at.deals + 1, dealer: escape(players[at.dealer]), vorhand: escape(players[at.vorhand]) };
      say(words.deal.replace(/%\((\w+)\)s/g, (all, name) => names[name]));
      say(escape(words.players[seats.length]));
    }
    swap(line, now.outerHTML);
    // The server's word on the rest of 157 holds for its panel's players: not for fewer, whose
    // cards do not all count, nor while the next deal's players are the server's to say.
    const rest = root.querySelector("form.deal #rest");
    if (rest && rest.childElementCount && (stop || given.rules.total[seats.length] === null)) {
      swap(rest, rest.cloneNode(false).outerHTML);
    }
  }

  // The page's board (the server's) with `entries` played in: corners, net strokes, the rules'
  // line saying how many are counted (and from which deal the server decides), the panel.
  function project(root, entries, given, swap, said) {
    const board = root.querySelector(".corners[data-state]");
    if (!board) return;
    const data = given.rules;
    const corners = Array.from(board.querySelectorAll(".corner-svg"));
    const start = JSON.parse(board.dataset.state);
    start.strokes = given.players.map(() => 0);
    start.potatoes = given.players.map(() => 0);
    corners.forEach(function (svg) {
      start.strokes[svg.dataset.seat] = +svg.dataset.strokes;
      start.potatoes[svg.dataset.seat] = +svg.dataset.potatoes;
    });
    const at = play(start, entries, data);
    const stop = entries.length - at.played; // the deals the server decides
    const target = board.querySelector(".target");
    if (target) {
      const now = target.cloneNode(true);
      if (at.played) now.textContent += " · " + said.replace("{number}", at.played);
      if (stop) now.textContent += " · " + fill(given.words.later, { number: at.deals + 1 });
      swap(target, now.outerHTML);
    }
    if (at.played) {
      corners.forEach(function (svg) {
        const seat = +svg.dataset.seat;
        const place = svg.parentNode;
        const now = place.cloneNode(false);
        now.classList.toggle("retired", seat in at.retired);
        now.classList.toggle("loser", at.loser === seat);
        now.innerHTML = corner(at, seat, given.players, given.words);
        now.firstChild.classList.add("projected");
        swap(place, now.outerHTML);
        const figure = root.querySelector("#net-" + seat + " b");
        if (figure) swap(figure, '<b class="projected">' + (at.strokes[seat] - at.potatoes[seat]) + "</b>");
      });
    }
    who(root, at, stop, given, swap);
  }

  window.JassProjection = project;
  project.parts = { deal: deal, award: award, play: play, corner: corner };
})();
