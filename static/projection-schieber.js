// The Schieber board with the hands that wait on this phone scored in, until the server has
// them (static/queue.js loads this while something waits): the totals and each team's slate as
// the server will show them. Scored as steps() in scorer/schieber/game.py scores a panel's hand,
// from its rules as data (`scoring` there); the slate written as scorer/slate.py writes it and
// drawn as scorer/web/schieber/slate.py draws it, to the byte. tests/browser/test_projection.py
// holds each to the server's own.
(function () {
  "use strict";

  const WIDTH = 360;
  const TOP_Y = 56;
  const BOTTOM_Y = 132;
  const LEFT = 24;
  const RIGHT = 316;
  const STROKE = 9;
  const CLEAR = 4.0;
  const REST_FONT = 20;
  const GLYPH = 0.6;
  const WIDE = 6.0;
  const TALL = 10.0;
  const NARROWEST = 2.5;
  const SHORTEST = 5.0;

  function diagonalX(y) {
    return RIGHT - ((y - TOP_Y) * (RIGHT - LEFT)) / (BOTTOM_Y - TOP_Y);
  }
  function diagonalY(x) {
    return TOP_Y + ((RIGHT - x) * (BOTTOM_Y - TOP_Y)) / (RIGHT - LEFT);
  }
  const TOP_LANE = [LEFT + 5, diagonalX(TOP_Y + STROKE + CLEAR) - CLEAR];
  const BOTTOM_LANE = [diagonalX(BOTTOM_Y - STROKE - CLEAR) + CLEAR, RIGHT - 3];

  // Python's round(): halves to the even neighbour.
  function round(x) {
    const down = Math.floor(x);
    const part = x - down;
    if (part !== 0.5) return part < 0.5 ? down : down + 1;
    return down % 2 === 0 ? down : down + 1;
  }

  function tally(count) {
    const groups = [];
    for (let left = count; left > 0; left -= 5) groups.push(Math.min(5, left));
    return groups;
  }

  function tenths(value) {
    const whole = Math.floor(Math.abs(value) / 10);
    const tenth = Math.abs(value) % 10;
    const text = tenth ? whole + "." + tenth : String(whole);
    return value < 0 ? "-" + text : text;
  }

  function strokes(segments, cls) {
    if (!segments.length) return "";
    let atX = 0;
    let atY = 0;
    let d = "";
    segments.forEach(function (segment) {
      const [x1, y1, x2, y2] = segment.map((v) => round(v * 10));
      d += "m" + tenths(x1 - atX) + " " + tenths(y1 - atY) + "l" + tenths(x2 - x1) + " " + tenths(y2 - y1);
      atX = x2;
      atY = y2;
    });
    return '<path class="' + cls + '" d="' + d + '"/>';
  }

  function tallies(count, y, lane) {
    const groups = tally(count);
    const [start, end] = lane;
    if (!groups.length) return [[], start];
    const room = end - start;
    const n = groups.length;
    let step = 7.0;
    let over = 3.0;
    let gap = 7.0;
    const width = n * (3 * step + 2 * over) + (n - 1) * gap;
    if (width > room) {
      let scale = room / width;
      if (gap * scale >= CLEAR) {
        step = step * scale;
        over = over * scale;
        gap = gap * scale;
      } else {
        scale = Math.max(room - (n - 1) * CLEAR, 0.0) / (n * (3 * step + 2 * over));
        step = step * scale;
        over = over * scale;
        gap = CLEAR;
      }
    }
    const lines = [];
    let x = start;
    groups.forEach(function (size) {
      const xs = [];
      for (let i = 0; i < Math.min(size, 4); i++) xs.push(x + over + i * step);
      xs.forEach((sx) => { lines.push([sx, y - STROKE, sx, y + STROKE]); });
      if (size === 5) lines.push([xs[0] - over, y + STROKE - 2, xs[xs.length - 1] + over, y - STROKE + 2]);
      x += 3 * step + 2 * over + gap;
    });
    return [lines, x - gap];
  }

  function cross(cx, cy, a, b, both) {
    const lines = [[cx - a, cy + b, cx + a, cy - b]];
    if (both) lines.push([cx - a, cy - b, cx + a, cy + b]);
    return lines;
  }

  function spread(low, high, places) {
    const span = high - low;
    if (places === 1 || span / places >= 2 * WIDE + CLEAR) return [span / places, WIDE];
    const pitch = span / (places - 1);
    return [pitch, Math.min(WIDE, (pitch - CLEAR) / 2)];
  }

  function fifties(count, topEnd) {
    const places = Math.floor((count + 1) / 2);
    if (!places) return [];
    let tall;
    let low;
    let high;
    let pitch;
    let wide;
    for (tall = TALL; tall >= SHORTEST; tall--) {
      low = diagonalX(BOTTOM_Y - STROKE - CLEAR - tall);
      high = diagonalX(TOP_Y + STROKE + CLEAR + tall);
      [pitch, wide] = spread(low, high, places);
      if (wide === WIDE) break;
      if (topEnd === null || topEnd + CLEAR + WIDE <= high) {
        high = diagonalX(TOP_Y + CLEAR + tall);
        [pitch, wide] = spread(low, high, places);
      }
      if (wide >= NARROWEST) break;
    }
    if (tall < SHORTEST) tall = SHORTEST; // Python's loop variable keeps its last value
    wide = Math.max(wide, 0.5);
    const first = (low + high + (places - 1) * pitch) / 2;
    let lines = [];
    for (let p = 0; p < places; p++) {
      const cx = first - p * pitch;
      lines = lines.concat(cross(cx, diagonalY(cx), wide, tall, 2 * p + 1 < count));
    }
    return lines;
  }

  function fiftiesRow(count) {
    const places = Math.floor((count + 1) / 2);
    const first = LEFT + 14;
    const last = RIGHT - 8;
    const pitch = places > 1 ? Math.min(24.0, (last - first) / (places - 1)) : 24.0;
    const wide = Math.max(Math.min(WIDE, (pitch - CLEAR) / 2), 0.5);
    const cy = (TOP_Y + BOTTOM_Y) / 2;
    let lines = [];
    for (let p = 0; p < places; p++) {
      lines = lines.concat(cross(first + p * pitch, cy, wide, TALL, 2 * p + 1 < count));
    }
    return lines;
  }

  // The strokes of a slate (its <g class="strokes">), and the rest written beside it.
  function drawn(slate) {
    const [top, end] = tallies(slate.hundreds, TOP_Y, TOP_LANE);
    return (
      strokes(top, "s100") +
      strokes(fifties(slate.fifties, slate.hundreds ? end : null), "s50") +
      strokes(fiftiesRow(slate.fifties), "s50-row") +
      strokes(tallies(slate.twenties, BOTTOM_Y, BOTTOM_LANE)[0], "s20")
    );
  }

  function rest(value) {
    const x = RIGHT + 8;
    const room = WIDTH - 4 - (RIGHT + 8);
    const text = String(value);
    const fit = GLYPH * REST_FONT * text.length > room
      ? ' textLength="' + room + '" lengthAdjust="spacingAndGlyphs"' : "";
    return '<text class="rest" x="' + x + '" y="' + (BOTTOM_Y + 6) + '" text-anchor="start"' + fit + ">" + text + "</text>";
  }

  // scorer/slate.py: Slate.write.
  function normal(slate) {
    if (slate.rest < 20) return slate;
    return { ...slate, twenties: slate.twenties + Math.floor(slate.rest / 20), rest: slate.rest % 20 };
  }
  function write(slate, points) {
    if (points < 0) return normal({ ...slate, rest: slate.rest + points });
    const hundreds = Math.floor(points / 100);
    const fifties = Math.floor((points % 100) / 50);
    const twenties = Math.floor((points % 50) / 20);
    return normal({
      hundreds: slate.hundreds + hundreds,
      fifties: slate.fifties + fifties,
      twenties: slate.twenties + twenties,
      rest: slate.rest + (points % 50) % 20,
    });
  }

  function whole(text) {
    return /^\d+$/.test(text || "") ? parseInt(text, 10) : null;
  }

  // A hand as the panel sent it (its fields), in the points per team of each step.
  function steps(fields, rules) {
    const m = rules.times[fields.contract] || 0;
    const points = whole(fields.points);
    const match = Boolean(fields.match);
    const own = match ? [rules.match, 0] : points === null ? [0, 0] : [points, rules.hand - points];
    const tricks = fields.points_team === "1" ? [own[1], own[0]] : own;
    const found = {
      stoeck: [fields.stoeck_a ? rules.stoeck * m : 0, fields.stoeck_b ? rules.stoeck * m : 0],
      weis: [(whole(fields.weis_a) || 0) * m, (whole(fields.weis_b) || 0) * m],
      stich: [tricks[0] * m, tricks[1] * m],
    };
    return rules.order.filter((k) => found[k][0] || found[k][1]).map((k) => found[k]);
  }

  // The page's board (the server's), with `entries` scored in: each slate and total redrawn.
  function project(root, entries, rules, swap, said) {
    const halves = [0, 1].map((t) => root.querySelector('svg.slate-half[data-team="' + t + '"]'));
    if (!halves[0] || !halves[1]) return;
    const read = (svg, key) => parseInt(svg.dataset[key], 10);
    const totals = halves.map((svg) => read(svg, "total"));
    const slates = halves.map(function (svg) {
      return { hundreds: read(svg, "hundreds"), fifties: read(svg, "fifties"), twenties: read(svg, "twenties"), rest: read(svg, "rest") };
    });
    entries.forEach(function (fields) {
      steps(fields, rules).forEach(function (points) {
        [0, 1].forEach(function (t) {
          totals[t] += points[t];
          if (points[t]) slates[t] = write(slates[t], points[t]);
        });
      });
    });
    const target = root.querySelector(".slate .target");
    if (target) {
      const now = target.cloneNode(true);
      now.textContent += " · " + said.replace("{number}", entries.length);
      swap(target, now.outerHTML);
    }
    halves.forEach(function (svg, t) {
      const old = svg.dataset.total;
      const copy = svg.cloneNode(true);
      const slate = slates[t];
      Object.keys(slate).forEach((key) => { copy.dataset[key] = slate[key]; });
      copy.dataset.total = totals[t];
      const label = copy.getAttribute("aria-label");
      const at = label.lastIndexOf(old);
      copy.setAttribute("aria-label", label.slice(0, at) + totals[t] + label.slice(at + old.length));
      copy.querySelector(".team-total").textContent = totals[t];
      copy.querySelector("g.strokes").innerHTML = drawn(slate);
      const written = copy.querySelector("text.rest");
      if (written) written.remove();
      if (slate.rest) copy.insertAdjacentHTML("beforeend", rest(slate.rest));
      copy.classList.add("projected");
      swap(svg, copy.outerHTML);
      const figure = root.querySelector("#total-" + t + " b");
      if (figure) {
        const now = figure.cloneNode(true);
        now.textContent = totals[t];
        now.className = "projected";
        swap(figure, now.outerHTML);
      }
    });
  }

  window.JassProjection = project;
  project.parts = { steps: steps, write: write, drawn: drawn, rest: rest };
})();
