// Makes the site's own pictures in the brand colours (#053685 blue, #DD8D15 orange):
// brand wordmarks, team portraits, service illustrations, gallery posters, carousel
// slides, portfolio thumbnails, avatars, banners and the share image. Nothing is
// downloaded. Run with `node scripts/generate-images.ts`; the output is committed.
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { defaultLists } from "../common/content/defaults.ts";
import type { Brand, GalleryImage } from "../common/schemas/content.ts";
import { site } from "../common/site-config.ts";
import { escapeMarkup } from "../common/markup.ts";
import { RASTER_FONT, shareCardSvg } from "../common/built-in-pictures.ts";

const root = path.resolve(import.meta.dirname, "..", "public", "images");
const BLUE = "#053685";
const NAVY = "#021d4a";
const ORANGE = "#DD8D15";
const SOFT = "#eef3fb";
const CREAM = "#fdf4e6";
const FONT = "Plus Jakarta Sans, Segoe UI, Arial, sans-serif";

function write(file: string, svg: string): void {
  const target = path.join(root, file);
  mkdirSync(path.dirname(target), { recursive: true });
  writeFileSync(target, svg.replace(/\n\s*/g, "").trim() + "\n");
}

function svg(width: number, height: number, body: string, label?: string): string {
  const a11y = label ? ` role="img" aria-label="${escapeMarkup(label)}"` : "";
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}"${a11y}>${body}</svg>`;
}

/** A deterministic pseudo-random sequence, so every run makes the same pictures. */
function random(seed: number) {
  let state = seed * 9301 + 49297;
  return () => {
    state = (state * 9301 + 49297) % 233280;
    return state / 233280;
  };
}

// ── Brand wordmarks (20) ────────────────────────────────────────────────────────────
// The seeded content names the brands and the gallery files (common/content/defaults.ts).
const brandNames = (defaultLists.brands as Brand[]).map((brand) => brand.name);
const gallery = defaultLists.gallery as GalleryImage[];
function brandMark(name: string, index: number): string {
  const colour = index % 3 === 0 ? ORANGE : BLUE;
  const other = colour === BLUE ? ORANGE : BLUE;
  const shapes = [
    `<circle cx="28" cy="40" r="16" fill="${colour}"/><circle cx="28" cy="40" r="7" fill="#fff"/>`,
    `<rect x="12" y="24" width="32" height="32" rx="8" fill="${colour}"/><path d="M20 48l8-16 8 16z" fill="#fff"/>`,
    `<path d="M28 22l18 18-18 18-18-18z" fill="${colour}"/><circle cx="28" cy="40" r="5" fill="${other}"/>`,
    `<path d="M12 52c6-22 26-30 32-28-2 14-12 28-32 28z" fill="${colour}"/><path d="M16 50l20-18" stroke="#fff" stroke-width="3"/>`,
    `<rect x="12" y="26" width="14" height="28" rx="3" fill="${colour}"/><rect x="30" y="20" width="14" height="34" rx="3" fill="${other}"/>`,
  ];
  return svg(
    240,
    80,
    `${shapes[index % shapes.length]}<text x="56" y="48" font-family="${FONT}" font-size="21" font-weight="${index % 2 ? 800 : 700}" fill="${NAVY}" letter-spacing="${index % 2 ? 0 : 0.5}">${escapeMarkup(name)}</text>`,
    `${name} logo`,
  );
}

// ── Team portraits (4) and the team picture ─────────────────────────────────────────
const team = [
  { file: "amaka", skin: "#8d5524", hair: "#1b1b1b", top: BLUE, bg: CREAM, long: true },
  { file: "tobi", skin: "#a86b3c", hair: "#2b1a10", top: ORANGE, bg: SOFT, long: false },
  { file: "ifeoma", skin: "#6e3b1f", hair: "#111", top: NAVY, bg: CREAM, long: true },
  { file: "segun", skin: "#9a5b32", hair: "#222", top: "#0a4fb5", bg: SOFT, long: false },
];
type Person = (typeof team)[number];
/** A head-and-shoulders figure on a 400 × 400 canvas, without background. */
function figure(p: Person): string {
  const shade = "#000";
  const backHair = p.long
    ? `<path d="M126 150c0-62 34-96 74-96s74 34 74 96v96c0 18-14 26-30 22l-10-70H166l-10 70c-16 4-30-4-30-22z" fill="${p.hair}"/>`
    : "";
  const frontHair = p.long
    ? `<path d="M134 156c2-52 30-80 66-80s64 28 66 80c-14-30-40-44-66-44-20 14-44 26-66 44z" fill="${p.hair}"/>`
    : `<path d="M136 150c-4-50 26-82 64-82s70 30 64 82c-6-20-18-32-30-36-22 8-56 8-76 0-10 6-18 18-22 36z" fill="${p.hair}"/>`;
  return `${backHair}
     <path d="M64 400c6-76 60-118 136-118s130 42 136 118z" fill="${p.top}"/>
     <path d="M166 284l34 42 34-42" fill="#fff" opacity=".85"/>
     <rect x="176" y="214" width="48" height="70" rx="16" fill="${p.skin}"/>
     <path d="M176 250c14 10 34 10 48 0v-20h-48z" fill="${shade}" opacity=".12"/>
     <ellipse cx="137" cy="168" rx="11" ry="17" fill="${p.skin}"/><ellipse cx="263" cy="168" rx="11" ry="17" fill="${p.skin}"/>
     <ellipse cx="200" cy="162" rx="64" ry="76" fill="${p.skin}"/>
     ${frontHair}
     <path d="M164 146q14-8 26 0M210 146q14-8 26 0" stroke="${p.hair}" stroke-width="5" fill="none" stroke-linecap="round"/>
     <ellipse cx="177" cy="164" rx="6" ry="7" fill="#1b1b1b"/><ellipse cx="223" cy="164" rx="6" ry="7" fill="#1b1b1b"/>
     <path d="M200 172v16" stroke="${shade}" stroke-width="4" opacity=".15" stroke-linecap="round"/>
     <path d="M180 202q20 16 40 0" stroke="#3a1a0a" stroke-width="5" fill="none" stroke-linecap="round"/>
     ${p.long ? `<circle cx="137" cy="190" r="5" fill="${ORANGE}"/><circle cx="263" cy="190" r="5" fill="${ORANGE}"/>` : ""}`;
}
function portrait(p: Person): string {
  return svg(
    400,
    400,
    `<rect width="400" height="400" fill="${p.bg}"/>
     <circle cx="322" cy="78" r="46" fill="${p.bg === CREAM ? "#f6dcb4" : "#d9e4f5"}"/>
     <circle cx="64" cy="318" r="62" fill="${p.bg === CREAM ? "#f6e6cc" : "#e1e9f6"}"/>
     ${figure(p)}`,
  );
}
/** The four of them together, for the top of the team page. */
const teamPicture = svg(
  480,
  360,
  `<rect width="480" height="360" rx="28" fill="${BLUE}"/>
   <circle cx="420" cy="50" r="90" fill="none" stroke="#fff" stroke-opacity=".08" stroke-width="30"/>
   <defs>${[0, 1, 2, 3].map((i) => `<clipPath id="c${i}"><circle cx="200" cy="200" r="196"/></clipPath>`).join("")}</defs>
   ${team
     .map((member, i) => {
       const x = [78, 258, 118, 298][i]!;
       const y = [24, 24, 190, 190][i]!;
       return `<g transform="translate(${x} ${y}) scale(.36)"><g clip-path="url(#c${i})"><rect width="400" height="400" fill="${member.bg}"/>${figure(member)}</g><circle cx="200" cy="200" r="196" fill="none" stroke="#fff" stroke-width="10"/></g>`;
     })
     .join("")}
   <circle cx="60" cy="300" r="26" fill="${ORANGE}"/>`,
  "Our team",
);

// ── Service illustrations (7) ───────────────────────────────────────────────────────
function frame(body: string): string {
  return svg(
    480,
    360,
    `<rect width="480" height="360" rx="24" fill="${SOFT}"/>
     <circle cx="400" cy="70" r="50" fill="${ORANGE}" opacity=".18"/>
     <circle cx="70" cy="300" r="70" fill="${BLUE}" opacity=".08"/>${body}`,
  );
}
const phone = (x: number, y: number, inner: string) =>
  `<rect x="${x}" y="${y}" width="130" height="230" rx="20" fill="${NAVY}"/><rect x="${x + 10}" y="${y + 18}" width="110" height="194" rx="10" fill="#fff"/>${inner}`;
const services: Record<string, string> = {
  "social-media": frame(
    `${phone(175, 60, `<rect x="195" y="95" width="90" height="70" rx="8" fill="${BLUE}"/><circle cx="240" cy="130" r="18" fill="${ORANGE}"/><rect x="195" y="178" width="70" height="8" rx="4" fill="#c9d6ee"/><rect x="195" y="194" width="50" height="8" rx="4" fill="#c9d6ee"/><path d="M200 230h20m15 0h20m15 0h20" stroke="${BLUE}" stroke-width="6" stroke-linecap="round"/>`)}
     <g fill="${ORANGE}"><path d="M96 120c-14-14-40 4-20 26l20 18 20-18c20-22-6-40-20-26z"/></g>
     <g><circle cx="380" cy="200" r="28" fill="${BLUE}"/><path d="M368 200h24M380 188v24" stroke="#fff" stroke-width="5"/></g>
     <path d="M330 120l30-20M120 230l40 10" stroke="${BLUE}" stroke-width="4" stroke-dasharray="6 8"/>`,
  ),
  "social-media-management": frame(
    `<rect x="90" y="70" width="300" height="220" rx="16" fill="#fff" stroke="${BLUE}" stroke-width="4"/>
     <rect x="90" y="70" width="300" height="44" rx="16" fill="${BLUE}"/>
     ${[0, 1, 2, 3, 4].map((c) => [0, 1, 2].map((r) => `<rect x="${110 + c * 56}" y="${130 + r * 50}" width="42" height="36" rx="6" fill="${(c + r) % 3 === 0 ? ORANGE : "#d9e4f5"}"/>`).join("")).join("")}
     <circle cx="130" cy="92" r="8" fill="#fff"/><circle cx="350" cy="92" r="8" fill="${ORANGE}"/>`,
  ),
  "digital-marketing": frame(
    `<rect x="70" y="60" width="340" height="230" rx="14" fill="#fff" stroke="${NAVY}" stroke-width="4"/>
     <path d="M100 250l60-60 50 30 70-90 60 40" stroke="${BLUE}" stroke-width="8" fill="none" stroke-linecap="round" stroke-linejoin="round"/>
     <circle cx="340" cy="170" r="12" fill="${ORANGE}"/>
     <rect x="100" y="84" width="120" height="16" rx="8" fill="#d9e4f5"/>
     <circle cx="360" cy="100" r="30" fill="none" stroke="${ORANGE}" stroke-width="8"/><path d="M382 122l24 24" stroke="${ORANGE}" stroke-width="10" stroke-linecap="round"/>`,
  ),
  "video-creation": frame(
    `<rect x="80" y="80" width="260" height="180" rx="18" fill="${BLUE}"/>
     <path d="M340 140l70-40v140l-70-40z" fill="${NAVY}"/>
     <circle cx="210" cy="170" r="44" fill="#fff"/><path d="M196 146l40 24-40 24z" fill="${ORANGE}"/>
     <rect x="100" y="280" width="220" height="10" rx="5" fill="#c9d6ee"/><rect x="100" y="280" width="120" height="10" rx="5" fill="${ORANGE}"/>`,
  ),
  ads: frame(
    `<path d="M90 170l160-70v180l-160-70z" fill="${BLUE}"/><rect x="60" y="150" width="40" height="60" rx="8" fill="${NAVY}"/>
     <path d="M110 220l20 70h30l-12-62" fill="${NAVY}"/>
     <path d="M290 130c30 10 30 70 0 80M320 105c50 20 50 110 0 130" stroke="${ORANGE}" stroke-width="10" fill="none" stroke-linecap="round"/>
     <circle cx="400" cy="260" r="34" fill="${ORANGE}"/><text x="400" y="272" font-family="${FONT}" font-size="34" font-weight="800" fill="${NAVY}" text-anchor="middle">₦</text>`,
  ),
  branding: frame(
    `<circle cx="170" cy="170" r="90" fill="${BLUE}"/><circle cx="170" cy="170" r="40" fill="${ORANGE}"/>
     <rect x="290" y="90" width="110" height="36" rx="8" fill="${ORANGE}"/><rect x="290" y="140" width="110" height="36" rx="8" fill="${BLUE}"/><rect x="290" y="190" width="110" height="36" rx="8" fill="${NAVY}"/>
     <path d="M300 280l70-70 20 20-70 70h-20z" fill="${NAVY}"/><path d="M370 210l20 20 14-14-20-20z" fill="${ORANGE}"/>`,
  ),
  "page-revamp": frame(
    `${phone(90, 60, `<rect x="110" y="90" width="90" height="90" rx="8" fill="#d9e4f5"/><rect x="110" y="190" width="90" height="10" rx="5" fill="#d9e4f5"/>`)}
     <path d="M240 175h40" stroke="${ORANGE}" stroke-width="10" stroke-linecap="round"/><path d="M270 160l16 15-16 15" stroke="${ORANGE}" stroke-width="10" fill="none" stroke-linecap="round" stroke-linejoin="round"/>
     ${phone(300, 60, `<rect x="320" y="90" width="90" height="90" rx="8" fill="${BLUE}"/><circle cx="365" cy="135" r="22" fill="${ORANGE}"/><rect x="320" y="190" width="90" height="10" rx="5" fill="${ORANGE}"/><rect x="320" y="208" width="60" height="10" rx="5" fill="#c9d6ee"/>`)}`,
  ),
};

// ── Gallery posters (12) ────────────────────────────────────────────────────────────
const posters = [
  ["FLASH SALE", "50% OFF", "Kola Foods"],
  ["NEW IN", "Ankara Edit", "Naija Threads"],
  ["GRAND OPENING", "Lekki Phase 1", "Lekki Luxe"],
  ["WEEKEND", "Jollof Combo", "Eko Bites"],
  ["GLOW UP", "Skin Care Week", "Zuri Beauty"],
  ["BOOK NOW", "Free Check-up", "Ivory Dental"],
  ["FRESH DAILY", "From Our Farm", "Oyo Farms"],
  ["LAUNCH", "Ember App 2.0", "Ember Tech"],
  ["DREAM HOME", "3-Bed Duplex", "Savanna Homes"],
  ["FIT FAM", "Join for N15k", "Gidi Gyms"],
  ["WEDDING SEASON", "Plan With Us", "Baobab Events"],
  ["FAST DELIVERY", "Lagos to Abuja", "Delta Logistics"],
];
/** A square poster, drawn as SVG and saved as WebP and AVIF. */
function poster([top, big, brand]: string[], index: number): string {
  const next = random(index + 7);
  const dark = index % 2 === 0;
  const bg = dark ? BLUE : index % 3 === 0 ? ORANGE : CREAM;
  const ink = dark ? "#fff" : NAVY;
  const accent = bg === ORANGE ? NAVY : ORANGE;
  const circles = Array.from({ length: 4 }, () => {
    const r = 30 + next() * 70;
    return `<circle cx="${(next() * 600).toFixed(0)}" cy="${(next() * 600).toFixed(0)}" r="${r.toFixed(0)}" fill="${bg === CREAM ? accent : "#fff"}" opacity="${((bg === CREAM ? 0.12 : 0.06) + next() * 0.14).toFixed(2)}"/>`;
  }).join("");
  return svg(
    600,
    600,
    `<rect width="600" height="600" fill="${bg}"/>${circles}
     <rect x="48" y="60" width="${top!.length * 19 + 44}" height="44" rx="22" fill="${accent}"/>
     <text x="68" y="90" font-family="${RASTER_FONT}" font-size="22" font-weight="800" fill="${accent === ORANGE ? NAVY : "#fff"}" letter-spacing="2">${escapeMarkup(top!)}</text>
     <text x="48" y="300" font-family="${RASTER_FONT}" font-size="${big!.length > 11 ? 54 : 64}" font-weight="800" fill="${ink}">${escapeMarkup(big!)}</text>
     <rect x="48" y="330" width="120" height="10" rx="5" fill="${accent}"/>
     <rect x="48" y="470" width="504" height="82" rx="16" fill="${dark ? "#fff" : BLUE}"/>
     <text x="76" y="522" font-family="${RASTER_FONT}" font-size="28" font-weight="700" fill="${dark ? NAVY : "#fff"}">${escapeMarkup(brand!)}</text>`,
    `${brand} poster: ${top} – ${big}`,
  );
}

// ── Carousel slides (5), portfolio thumbnails (6) ───────────────────────────────────
const slides = [
  ["Campaign launch", "Reach 1.2M people in 30 days"],
  ["Content day", "A month of posts shot in one day"],
  ["Brand refresh", "New logo, new look, new customers"],
  ["Ads that sell", "4x return on ad spend"],
  ["Community", "Replies within the hour, every day"],
];
function slide([title, line]: string[], index: number): string {
  const bg = index % 2 ? NAVY : BLUE;
  return svg(
    800,
    500,
    `<rect width="800" height="500" fill="${bg}"/>
     <circle cx="${680 - index * 30}" cy="90" r="100" fill="none" stroke="${ORANGE}" stroke-width="26"/>
     <circle cx="120" cy="${440 - index * 20}" r="110" fill="#fff" opacity=".06"/>
     <rect x="60" y="322" width="90" height="8" rx="4" fill="${ORANGE}"/>
     <text x="60" y="292" font-family="${FONT}" font-size="66" font-weight="800" fill="#fff">${escapeMarkup(title!)}</text>
     <text x="60" y="392" font-family="${FONT}" font-size="38" fill="#d9e4f5">${escapeMarkup(line!)}</text>`,
  );
}
const portfolio = [
  "Product launch reel",
  "Restaurant promo",
  "Real estate walkthrough",
  "Skincare explainer",
  "Fashion lookbook",
  "Fitness challenge",
];
/** The subject of each built-in portfolio video, drawn around (480, 170). */
const scenes = [
  // Product launch: a gift box with confetti.
  `<rect x="410" y="150" width="140" height="110" rx="10" fill="${ORANGE}"/><rect x="400" y="120" width="160" height="40" rx="8" fill="#f2a93b"/>
   <rect x="470" y="120" width="20" height="140" fill="#fff"/><path d="M480 120c-30-40-60-20-40 0zM480 120c30-40 60-20 40 0z" fill="#fff"/>
   <g fill="#fff" opacity=".7"><rect x="380" y="70" width="10" height="10" transform="rotate(20 385 75)"/><rect x="570" y="90" width="10" height="10" transform="rotate(-30 575 95)"/><circle cx="600" cy="160" r="6"/><circle cx="370" cy="200" r="5"/></g>`,
  // Restaurant: a plate of jollof with a fork and knife.
  `<ellipse cx="480" cy="200" rx="110" ry="70" fill="#fff"/><ellipse cx="480" cy="195" rx="80" ry="48" fill="#eef3fb"/>
   <path d="M420 200c10-40 110-40 120 0z" fill="${ORANGE}"/><circle cx="500" cy="170" r="12" fill="#2e7d32"/><circle cx="455" cy="180" r="8" fill="#c62828"/>
   <rect x="350" y="140" width="8" height="120" rx="4" fill="#d9e4f5"/><rect x="602" y="140" width="8" height="120" rx="4" fill="#d9e4f5"/>`,
  // Real estate: a house.
  `<path d="M390 180l90-80 90 80z" fill="${ORANGE}"/><rect x="405" y="178" width="150" height="100" fill="#fff"/>
   <rect x="465" y="218" width="30" height="60" fill="${BLUE}"/><rect x="420" y="196" width="30" height="26" fill="#d9e4f5"/><rect x="510" y="196" width="30" height="26" fill="#d9e4f5"/>
   <rect x="350" y="278" width="260" height="8" rx="4" fill="#fff" opacity=".4"/>`,
  // Skincare: a pump bottle and a drop.
  `<rect x="440" y="130" width="80" height="150" rx="22" fill="#fff"/><rect x="462" y="100" width="36" height="34" rx="6" fill="${ORANGE}"/>
   <path d="M480 100V80h30" stroke="${ORANGE}" stroke-width="10" fill="none" stroke-linecap="round"/><rect x="452" y="180" width="56" height="40" rx="8" fill="#eef3fb"/>
   <path d="M580 170c-14 20-20 30-20 40a20 20 0 0 0 40 0c0-10-6-20-20-40z" fill="#f2a93b"/>`,
  // Fashion: a dress on a hanger.
  `<path d="M480 70a14 14 0 1 1 14 14v14" stroke="#fff" stroke-width="6" fill="none" stroke-linecap="round"/>
   <path d="M400 130l80-32 80 32" stroke="#fff" stroke-width="6" fill="none" stroke-linecap="round"/>
   <path d="M450 118h60l-8 50 48 112H410l48-112z" fill="${ORANGE}"/><path d="M450 168h60" stroke="#fff" stroke-width="6"/>`,
  // Fitness: a dumbbell.
  `<rect x="390" y="130" width="30" height="100" rx="8" fill="#fff"/><rect x="540" y="130" width="30" height="100" rx="8" fill="#fff"/>
   <rect x="364" y="146" width="26" height="68" rx="8" fill="${ORANGE}"/><rect x="570" y="146" width="26" height="68" rx="8" fill="${ORANGE}"/>
   <rect x="420" y="170" width="120" height="20" rx="6" fill="#d9e4f5"/>`,
];
/** A still from a built-in portfolio video: its subject, a progress bar and a time code. */
function thumbnail(_title: string, index: number): string {
  const bg = index % 2 ? NAVY : BLUE;
  const progress = 120 + index * 60;
  return svg(
    640,
    360,
    `<rect width="640" height="360" fill="${bg}"/>
     <circle cx="480" cy="180" r="150" fill="#fff" opacity=".06"/>
     <circle cx="90" cy="70" r="110" fill="none" stroke="#fff" stroke-opacity=".06" stroke-width="24"/>
     ${scenes[index]}
     <circle cx="44" cy="40" r="8" fill="#e53935"/>
     <rect x="24" y="322" width="592" height="6" rx="3" fill="#fff" opacity=".25"/>
     <rect x="24" y="322" width="${progress}" height="6" rx="3" fill="${ORANGE}"/>
     <circle cx="${24 + progress}" cy="325" r="9" fill="${ORANGE}"/>`,
  );
}

// ── Avatars, hero, about, contact banner, placeholder ───────────────────────────────
const avatar = svg(
  96,
  96,
  `<rect width="96" height="96" rx="48" fill="${SOFT}"/><circle cx="48" cy="38" r="17" fill="${BLUE}"/><path d="M18 84c4-18 16-26 30-26s26 8 30 26z" fill="${BLUE}"/>`,
);
const clientLogo = (letter: string, bg: string) =>
  svg(
    96,
    96,
    `<rect width="96" height="96" rx="48" fill="${bg}"/><text x="48" y="62" font-family="${FONT}" font-size="42" font-weight="800" fill="${bg === ORANGE ? NAVY : "#fff"}" text-anchor="middle">${letter}</text>`,
  );

const hero = svg(
  640,
  560,
  `<circle cx="330" cy="290" r="230" fill="#fff" opacity=".07"/>
   <circle cx="330" cy="290" r="160" fill="#fff" opacity=".07"/>
   <rect x="190" y="110" width="270" height="360" rx="34" fill="#fff"/>
   <rect x="212" y="150" width="226" height="150" rx="16" fill="${SOFT}"/>
   <path d="M230 270l50-50 40 30 50-60 50 40" stroke="${BLUE}" stroke-width="10" fill="none" stroke-linecap="round" stroke-linejoin="round"/>
   <rect x="212" y="320" width="160" height="14" rx="7" fill="#d9e4f5"/><rect x="212" y="346" width="110" height="14" rx="7" fill="#d9e4f5"/>
   <rect x="212" y="390" width="226" height="50" rx="25" fill="${ORANGE}"/>
   <rect x="420" y="70" width="170" height="96" rx="20" fill="${ORANGE}"/>
   <text x="505" y="112" font-family="${FONT}" font-size="30" font-weight="800" fill="${NAVY}" text-anchor="middle">+248%</text>
   <text x="505" y="142" font-family="${FONT}" font-size="17" font-weight="600" fill="${NAVY}" text-anchor="middle">engagement</text>
   <rect x="50" y="360" width="180" height="90" rx="20" fill="#fff"/>
   <circle cx="92" cy="405" r="24" fill="${BLUE}"/><path d="M82 405l8 8 14-16" stroke="#fff" stroke-width="5" fill="none"/>
   <rect x="126" y="390" width="84" height="10" rx="5" fill="${BLUE}"/><rect x="126" y="410" width="60" height="10" rx="5" fill="#d9e4f5"/>
   <path d="M90 150c0-30 50-30 50 0 0 30-50 60-50 60s-50-30-50-60c0-30 50-30 50 0z" transform="translate(40 0) scale(.8)" fill="${ORANGE}"/>`,
);
const about = svg(
  560,
  480,
  `<rect width="560" height="480" rx="28" fill="${BLUE}"/>
   <circle cx="470" cy="90" r="120" fill="#0a4fb5"/>
   <circle cx="470" cy="90" r="60" fill="none" stroke="#fff" stroke-opacity=".15" stroke-width="14"/>
   <rect x="60" y="300" width="60" height="120" rx="10" fill="#fff" opacity=".9"/>
   <rect x="150" y="240" width="60" height="180" rx="10" fill="#fff" opacity=".9"/>
   <rect x="240" y="170" width="60" height="250" rx="10" fill="${ORANGE}"/>
   <rect x="330" y="110" width="60" height="310" rx="10" fill="#fff" opacity=".9"/>
   <path d="M70 250l100-70 90 40 150-140" stroke="${ORANGE}" stroke-width="12" fill="none" stroke-linecap="round" stroke-linejoin="round"/>
   <path d="M400 70l22 12-4 24" stroke="${ORANGE}" stroke-width="12" fill="none" stroke-linecap="round" stroke-linejoin="round"/>
   <text x="60" y="80" font-family="${FONT}" font-size="34" font-weight="800" fill="#fff">Level up</text>
   <text x="60" y="120" font-family="${FONT}" font-size="22" fill="#d9e4f5">your business</text>`,
  "Level Up Your Business",
);
/** The contact page's banner: Lagos at dusk in the brand colours (raster, under a form). */
function skyline(seed: number, base: number, height: number, fill: string, opacity: number) {
  const next = random(seed);
  let x = -20;
  const blocks: string[] = [];
  while (x < 1600) {
    const w = 40 + Math.round(next() * 70);
    const h = Math.round(height * (0.35 + next() * 0.65));
    blocks.push(
      `<rect x="${x}" y="${base - h}" width="${w}" height="${h + 40}" fill="${fill}" opacity="${opacity}"/>`,
    );
    x += w + Math.round(next() * 12);
  }
  return blocks.join("");
}
const banner = svg(
  1600,
  700,
  `<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${NAVY}"/><stop offset=".6" stop-color="${BLUE}"/><stop offset="1" stop-color="#0a4fb5"/></linearGradient>
   <radialGradient id="sun" cx=".5" cy=".5" r=".5"><stop offset="0" stop-color="${ORANGE}"/><stop offset="1" stop-color="${ORANGE}" stop-opacity="0"/></radialGradient></defs>
   <rect width="1600" height="700" fill="url(#sky)"/>
   <circle cx="1180" cy="420" r="320" fill="url(#sun)" opacity=".55"/>
   <circle cx="1180" cy="430" r="110" fill="${ORANGE}" opacity=".9"/>
   ${skyline(3, 560, 300, "#0a4fb5", 0.55)}
   ${skyline(11, 640, 240, NAVY, 0.9)}
   <path d="M0 610c200-30 400-30 600 0s400 30 600 0 300-20 400-10v100H0z" fill="${NAVY}"/>
   <path d="M0 650c220-20 420-20 640 0s420 20 640 0 240-10 320-6v56H0z" fill="#01132f"/>`,
);
const placeholder = svg(
  800,
  500,
  `<rect width="800" height="500" fill="${SOFT}"/><path d="M330 300l60-70 50 50 30-30 60 50z" fill="#c9d6ee"/><circle cx="350" cy="200" r="26" fill="#c9d6ee"/>`,
  "Image unavailable",
);

// ── Write everything ────────────────────────────────────────────────────────────────
brandNames.forEach((name, i) =>
  write(`brands/brand-${String(i + 1).padStart(2, "0")}.svg`, brandMark(name, i)),
);
for (const member of team) write(`team/${member.file}.svg`, portrait(member));
for (const [slug, art] of Object.entries(services)) write(`services/${slug}.svg`, art);
for (const [i, { image }] of gallery.entries()) {
  const art = Buffer.from(poster(posters[i]!, i));
  // Each variant the seed names (-320.avif, -320.webp, -640.avif, -640.webp), at its width.
  for (const { width, url } of image.variants) {
    const file = path.join(root, "..", url);
    mkdirSync(path.dirname(file), { recursive: true });
    const picture = sharp(art, { density: (72 * width) / 600 }).resize(width, width);
    await (
      url.endsWith(".avif")
        ? picture.avif({ quality: 50, effort: 6 })
        : picture.webp({ quality: 72, effort: 6 })
    ).toFile(file);
  }
}
slides.forEach((s, i) => write(`carousel/slide-${i + 1}.svg`, slide(s, i)));
portfolio.forEach((t, i) => write(`portfolio/video-${i + 1}.svg`, thumbnail(t, i)));
write("avatars/default.svg", avatar);
write("avatars/client-kola.svg", clientLogo("K", ORANGE));
write("avatars/client-zuri.svg", clientLogo("Z", BLUE));
write("avatars/client-ember.svg", clientLogo("E", NAVY));
write("hero.svg", hero);
write("about-level-up.svg", about);
write("contact-banner.svg", banner);
for (const width of [1600, 800]) {
  const suffix = width === 1600 ? "" : `-${width}`;
  const picture = sharp(Buffer.from(banner), { density: (72 * width) / 1600 }).resize(width);
  await picture
    .clone()
    .webp({ quality: 70, effort: 6 })
    .toFile(path.join(root, `contact-banner${suffix}.webp`));
  await picture
    .clone()
    .avif({ quality: 45, effort: 6 })
    .toFile(path.join(root, `contact-banner${suffix}.avif`));
}
write("team.svg", teamPicture);
write("placeholder.svg", placeholder);

// The share card must be a raster image (PNG) for social networks; the server draws it
// again from the same drawing for a renamed or recoloured identity (decision 0049).
const og = shareCardSvg({
  name: site.name,
  tagline: site.tagline,
  primary: BLUE,
  accent: ORANGE,
});
await sharp(Buffer.from(og))
  .png({ compressionLevel: 9, palette: true })
  .toFile(path.join(root, "og-default.png"));
console.log(`Pictures written to ${path.relative(process.cwd(), root)}`);
