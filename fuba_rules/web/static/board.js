// The pitch as SVG, drawn from the edition's board data (areas with lane and extent,
// corner spots, halfway line), and the match state drawn on it: pieces per area and team,
// keepers, and every area-typed state value (the first declared one as the ball).
// Nothing here knows an edition: lanes and extents come from /api/edition.

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
    const areaTypes = Object.entries(edition.state).filter(([, s]) => s.type === "area" && !s.index.length);
    this.markers = areaTypes.map(([name]) => name);
    this.svg = el("svg", { viewBox: `0 0 ${W + 2 * M} ${H + 2 * M}`, class: "pitch", role: "img" });
    container.replaceChildren(this.svg);
    this.drawGrass();
    for (const a of b.areas) this.drawArea(a);
    this.drawLines();
    for (const s of b.spots) this.drawSpot(s);
    this.layer = el("g", { class: "pieces" }, this.svg);
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
    el("text", { class: "area-name", x: x0 + 7, y: y0 + 16 }, g, a.name);
    g.addEventListener("click", () => this.onArea && this.onArea(a.id));
    this.areas.set(a.id, { g, box: [x0, y0, x1, y1], spot: false });
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
    const S = view.S;
    const markersAt = new Map();
    for (const name of this.markers) {
      const at = S[name];
      if (!this.areas.has(at)) continue;
      if (!markersAt.has(at)) markersAt.set(at, []);
      markersAt.get(at).push(name);
    }
    for (const [id, { g, box, spot }] of this.areas) {
      const counts = Object.fromEntries(TEAMS.map((t) => [t, (view.pieces[t] || {})[id] || 0]));
      const keepers = TEAMS.filter((t) => view.keeper[t] === id);
      const markers = markersAt.get(id) || [];
      g.dataset.home = counts.home;
      g.dataset.away = counts.away;
      g.dataset.keepers = keepers.join(" ");
      g.dataset.markers = markers.join(" ");
      g.classList.remove("candidate", "chosen");
      if (marked.has(id)) g.classList.add(marked.get(id));
      if (spot) this.drawSpotPieces(box, counts, keepers);
      else this.drawPieces(box, counts, keepers);
      this.drawMarkers(box, markers, S, spot);
    }
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

  // The first area-typed state is drawn as the ball, with the int-typed state of the same
  // prefix (e.g. "x.area" and "x.value") in a badge; the others as small flags.
  drawMarkers([x0, y0, x1, y1], markers, S, spot) {
    markers.forEach((name, i) => {
      const primary = name === this.markers[0];
      if (primary) {
        const cx = spot ? x1 + 4 : x1 - 26, cy = spot ? y0 - 2 : y1 - 26;
        el("image", { href: "/static/ball.svg", x: cx - 15, y: cy - 15, width: 30, height: 30, class: "ball" }, this.layer);
        const value = this.siblingValues(name, S);
        if (value !== null) {
          el("rect", { class: "badge", x: cx - 40, y: cy - 10, width: 22, height: 20, rx: 4 }, this.layer);
          el("text", { class: "badge-text", x: cx - 29, y: cy + 5 }, this.layer, String(value));
        }
      } else if (!spot) {
        const fy = y1 - 12 - 16 * (i - (markers.includes(this.markers[0]) ? 1 : 0));
        const g = el("g", { class: "flag" }, this.layer);
        el("title", {}, g, `${name} [${this.edition.state[name].ref}]`);
        const t = el("text", { x: x0 + 10, y: fy }, g, `⚑ ${name}`);
        t.setAttribute("class", "flag-text");
      }
    });
  }

  siblingValues(name, S) {
    const prefix = name.includes(".") ? name.slice(0, name.lastIndexOf(".") + 1) : null;
    if (!prefix) return null;
    const found = Object.entries(this.edition.state).filter(([k, s]) => k.startsWith(prefix) && s.type === "int" && !s.index.length);
    return found.length ? found.map(([k]) => S[k]).join("/") : null;
  }
}
