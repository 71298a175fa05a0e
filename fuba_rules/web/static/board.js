// The pitch as SVG, drawn from the edition's board data (areas with lane and extent,
// corner spots, halfway line), and the match state drawn on it: pieces per area and team,
// keepers, the ball with its value and the team in control (the edition's `display: ball`),
// and the markers the server says hold now (`display: markers`, cleared when their `while` fails).
// Labels are placed so that none overlaps another. Nothing here knows an edition.

const SVG = "http://www.w3.org/2000/svg";
const W = 1050, H = 680, M = 52;              // pitch size and margin in SVG units
const LANES = { left: [0, 0.22], centre: [0.22, 0.78], right: [0.78, 1] };  // as the home team faces the away goal
const TEAMS = ["home", "away"];
const R = 11, GAP = 26;                      // piece radius and spacing

function el(name, attrs = {}, parent = null, text = null) {
  const node = document.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  if (text !== null) node.textContent = text;
  if (parent) parent.appendChild(node);
  return node;
}

export class Board {
  constructor(container, edition, onArea) {
    this.edition = edition;
    this.onArea = onArea;
    this.board = edition.board;
    this.areas = new Map();
    const b = this.board;
    this.x = (e) => M + (e / b.length) * W;
    this.ball = (edition.display && edition.display.ball) || {};
    this.svg = el("svg", { viewBox: `0 0 ${W + 2 * M} ${H + 2 * M}`, class: "pitch", role: "img" });
    container.replaceChildren(this.svg);
    this.drawGrass();
    this.drawLines();
    for (const a of b.areas) this.drawArea(a);
    for (const s of b.spots) this.drawSpot(s);
    this.layer = el("g", { class: "pieces" }, this.svg);
    this.labels = el("g", { class: "labels" }, this.svg);
  }

  laneY(lane) {
    const [top, bottom] = LANES[lane] || [0, 1];
    return [M + top * H, M + bottom * H];
  }

  drawGrass() {
    const defs = el("defs", {}, this.svg);
    const grad = el("radialGradient", { id: "grass-light", cx: "50%", cy: "50%", r: "75%" }, defs);
    el("stop", { offset: "0%", "stop-color": "#4f9b4a" }, grad);
    el("stop", { offset: "100%", "stop-color": "#2f7436" }, grad);
    el("rect", { x: 0, y: 0, width: W + 2 * M, height: H + 2 * M, rx: 18, fill: "#2a6a32" }, this.svg);
    el("rect", { x: M, y: M, width: W, height: H, fill: "url(#grass-light)" }, this.svg);
    const stripes = 14;
    for (let i = 0; i < stripes; i += 2) {
      el("rect", { x: M + (i * W) / stripes, y: M, width: W / stripes, height: H, fill: "#ffffff", opacity: 0.045 }, this.svg);
    }
  }

  drawLines() {
    const b = this.board, g = el("g", { class: "pitch-lines", fill: "none", stroke: "#f4f7f0", "stroke-width": 3 }, this.svg);
    el("rect", { x: M, y: M, width: W, height: H }, g);
    const hx = this.x(b.halfway);
    el("line", { x1: hx, y1: M, x2: hx, y2: M + H }, g);
    el("circle", { cx: hx, cy: M + H / 2, r: W * 0.087 }, g);
    el("circle", { cx: hx, cy: M + H / 2, r: 3.5, fill: "#f4f7f0" }, g);
    const [gy0, gy1] = [M + H / 2 - 38, M + H / 2 + 38];  // the goals, drawn on each goal line
    el("rect", { x: M - 14, y: gy0, width: 14, height: gy1 - gy0, fill: "#ffffff", opacity: 0.35 }, g);
    el("rect", { x: M + W, y: gy0, width: 14, height: gy1 - gy0, fill: "#ffffff", opacity: 0.35 }, g);
    for (const [x, side] of [[M, 1], [M + W, -1]]) {  // corner arcs
      for (const [y, down] of [[M, 1], [M + H, -1]]) {
        el("path", { d: `M ${x + side * 12} ${y} A 12 12 0 0 ${side * down > 0 ? 0 : 1} ${x} ${y + down * 12}` }, g);
      }
    }
  }

  drawArea(a) {
    const [y0, y1] = this.laneY(a.lane);
    const x0 = this.x(a.extent[0]), x1 = this.x(a.extent[1]);
    const g = el("g", { class: "area", "data-area": a.id, "data-home": 0, "data-away": 0, "data-keepers": "", "data-markers": "", tabindex: -1 }, this.svg);
    el("title", {}, g, `${a.name} [${a.ref}]`);
    el("rect", { class: "area-shape", x: x0, y: y0, width: x1 - x0, height: y1 - y0 }, g);
    this.areaName(g, a.name, x0, y0, x1 - x0 - 12);
    g.addEventListener("click", () => this.onArea && this.onArea(a.id));
    this.areas.set(a.id, { g, box: [x0, y0, x1, y1], spot: false });
  }

  // The area's name at its top left, in two lines when one would not fit its width.
  areaName(g, name, x0, y0, room) {
    const t = el("text", { class: "area-name", x: x0 + 7, y: y0 + 16 }, g, name);
    if (!t.getComputedTextLength || t.getComputedTextLength() <= room) return;
    const words = name.split(" "), half = Math.ceil(words.length / 2);
    t.textContent = "";
    el("tspan", { x: x0 + 7, dy: 0 }, t, words.slice(0, half).join(" "));
    el("tspan", { x: x0 + 7, dy: 14 }, t, words.slice(half).join(" "));
  }

  drawSpot(s) {
    // Outside the pitch corner of its corner area: above or below, before or after the goal line.
    const corner = this.board.areas.find((a) => a.id === s.corner);
    const top = (LANES[corner.lane] || [0])[0] === 0;
    const cx = s.extent[0] === 0 ? M - 22 : M + W + 22, cy = top ? M - 22 : M + H + 22;
    const g = el("g", { class: "area spot", "data-area": s.id, "data-home": 0, "data-away": 0, "data-keepers": "", "data-markers": "" }, this.svg);
    el("title", {}, g, `${s.name} [${s.ref}]`);
    el("circle", { class: "area-shape", cx, cy, r: 20 }, g);
    g.addEventListener("click", () => this.onArea && this.onArea(s.id));
    this.areas.set(s.id, { g, box: [cx - 20, cy - 20, cx + 20, cy + 20], spot: true });
  }

  // Draw a state view: {pieces, keeper, S}; `marked` maps area -> css class (decision candidates).
  show(view, marked = new Map()) {
    this.layer.replaceChildren();
    this.labels.replaceChildren();
    this.placed = [...this.svg.querySelectorAll(".area-name")].map((t) => t.getBBox());
    const S = view.S;
    const markersAt = new Map();
    for (const [name, m] of Object.entries(view.markers || {})) {
      if (!this.areas.has(m.area)) continue;
      if (!markersAt.has(m.area)) markersAt.set(m.area, []);
      markersAt.get(m.area).push({ name, label: m.label });
    }
    const ballAt = this.ball.area ? S[this.ball.area] : null;
    const control = this.ball.control ? S[this.ball.control] : null;
    const value = this.ball.value ? S[this.ball.value] : null;
    this.svg.dataset.ballArea = ballAt || "";
    this.svg.dataset.control = control || "";
    this.svg.dataset.ballValue = value === null || value === undefined ? "" : value;
    for (const [id, { g, box, spot }] of this.areas) {
      const counts = Object.fromEntries(TEAMS.map((t) => [t, (view.pieces[t] || {})[id] || 0]));
      const keepers = TEAMS.filter((t) => view.keeper[t] === id);
      const markers = markersAt.get(id) || [];
      g.dataset.home = counts.home;
      g.dataset.away = counts.away;
      g.dataset.keepers = keepers.join(" ");
      g.dataset.markers = markers.map((m) => m.name).join(" ");
      g.classList.remove("candidate", "chosen");
      if (marked.has(id)) g.classList.add(marked.get(id));
      if (spot) this.drawSpotPieces(box, counts, keepers);
      else this.drawPieces(box, counts, keepers);
      if (ballAt === id) this.drawBall(box, spot, control, value);
    }
    for (const [id, markers] of markersAt) this.drawMarkers(this.areas.get(id).box, markers, this.areas.get(id).spot);
  }

  // A label placed where it overlaps no label placed before: moved up in steps if it would.
  label(x, y, text, cls, title = "", right = false) {
    const g = el("g", { class: cls }, this.labels);
    if (title) el("title", {}, g, title);
    const t = el("text", { x, y, "text-anchor": right ? "end" : "inherit", class: `${cls}-text` }, g, text);
    const wide = t.getBBox();  // kept on the pitch: moved in from either touchline
    const shift = wide.x < M ? M + 2 - wide.x : wide.x + wide.width > M + W ? M + W - 2 - wide.x - wide.width : 0;
    if (shift) t.setAttribute("x", x + shift);
    for (let tries = 0; tries < 8; tries++) {
      const b = t.getBBox();
      if (!this.placed.some((p) => b.x < p.x + p.width && p.x < b.x + b.width && b.y < p.y + p.height && p.y < b.y + b.height)) break;
      y -= 15;
      t.setAttribute("y", y);
    }
    const b = t.getBBox();
    g.insertBefore(el("rect", { x: b.x - 3, y: b.y - 1, width: b.width + 6, height: b.height + 2, rx: 3, class: `${cls}-back` }), t);
    this.placed.push(b);
    return g;
  }

  // The ball, ringed in the colour of the team in control, its value in a badge of that
  // colour, and in words beside it: who has it, and its value.
  drawBall([x0, y0, x1, y1], spot, control, value) {
    const cx = spot ? x1 + 4 : x1 - 26, cy = spot ? y0 - 2 : y1 - 26;
    const team = TEAMS.includes(control) ? control : "none";
    el("circle", { class: `ball-ring ${team}`, cx, cy, r: 19 }, this.layer);
    el("image", { href: "/static/ball.svg", x: cx - 15, y: cy - 15, width: 30, height: 30, class: "ball" }, this.layer);
    if (value !== null && value !== undefined) {
      el("rect", { class: `badge ${team}`, x: cx - 46, y: cy - 11, width: 24, height: 22, rx: 5 }, this.layer);
      el("text", { class: `badge-text ${team}`, x: cx - 34, y: cy + 5 }, this.layer, String(value));
    }
    const who = TEAMS.includes(control) ? `${this.edition.teams[control]}'s ball` : "the ball";
    this.label(cx + 19, cy - 25, value !== null && value !== undefined ? `${who}, value ${value}` : who, "ball-label", "", true);
  }

  drawPieces([x0, y0, x1, y1], counts, keepers) {
    const cols = Math.max(1, Math.min(5, Math.floor((x1 - x0 - 12) / GAP)));
    let y = y0 + 40;
    for (const team of TEAMS) {
      const n = counts[team] + (keepers.includes(team) ? 1 : 0);
      if (!n) continue;
      let k = 0;
      const put = (draw) => {
        const cx = x0 + 20 + (k % cols) * GAP, cy = y + Math.floor(k / cols) * GAP;
        draw(cx, cy);
        k += 1;
      };
      if (keepers.includes(team)) put((cx, cy) => this.keeper(team, cx, cy));
      for (let i = 0; i < counts[team]; i++) put((cx, cy) => this.piece(team, cx, cy));
      y += Math.ceil(n / cols) * GAP + 6;
    }
  }

  drawSpotPieces([x0, y0, x1, y1], counts, keepers) {
    const cx = (x0 + x1) / 2, cy = (y0 + y1) / 2;
    TEAMS.forEach((team, i) => {
      const n = counts[team];
      if (!n) return;
      const px = cx + (i ? 8 : -8);
      this.piece(team, px, cy);
      if (n > 1) el("text", { class: "count", x: px, y: cy + 4 }, this.layer, String(n));
    });
  }

  piece(team, cx, cy) {
    el("circle", { class: `piece ${team}`, cx, cy, r: R }, this.layer);
  }

  keeper(team, cx, cy) {
    el("rect", { class: `keeper ${team}`, x: cx - R, y: cy - R, width: 2 * R, height: 2 * R, rx: 4 }, this.layer);
    el("text", { class: "keeper-label", x: cx, y: cy + 3.5 }, this.layer, "GK");
  }

  // The markers the display draws now, as flags with their labels (e.g. a pass's target).
  drawMarkers([x0, y0, x1, y1], markers, spot) {
    markers.forEach((m, i) => {
      const x = spot ? x0 : x0 + 8, y = spot ? y0 - 6 - 15 * i : y1 - 10 - 15 * i;
      const ref = (this.edition.state[m.name] || {}).ref || "";
      this.label(x, y, `⚑ ${m.label}`, "flag", `${m.label}: ${m.name} [${ref}]`);
    });
  }
}
