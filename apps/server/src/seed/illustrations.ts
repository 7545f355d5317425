// Flat product illustrations for demo data: a soft gradient backdrop in the category's palette and a
// clean drawing of the kind of item, coloured per product. Plain SVG strings (no text, no fonts, no
// network), each well under 6 KB, drawn on an 800 x 800 canvas.

import type { Rng } from './random';

export type CategorySlug =
  | 'automotive'
  | 'beauty-health'
  | 'clothing'
  | 'computer-office'
  | 'electronics'
  | 'food-grocery'
  | 'garden-tools';

export interface Paint {
  main: string;
  dark: string;
  light: string;
  accent: string;
  metal: string;
  metalDark: string;
}

type Drawing = (p: Paint) => string;

// ---------------------------------------------------------------------------------------------
// Colour helpers

function hexToRgb(hex: string): [number, number, number] {
  const n = Number.parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

/** Mixes toward white (amount > 0) or black (amount < 0); amount in [-1, 1]. */
export function shade(hex: string, amount: number): string {
  const target = amount >= 0 ? 255 : 0;
  const a = Math.abs(amount);
  return `#${hexToRgb(hex)
    .map((c) => Math.round(c + (target - c) * a))
    .map((c) => c.toString(16).padStart(2, '0'))
    .join('')}`;
}

const INK = '#26282e';

// Soft backdrops per category: [top-left, bottom-right, decorative blob].
const BACKDROPS: Record<CategorySlug, readonly (readonly [string, string, string])[]> = {
  automotive: [
    ['#e6ecf5', '#bccbe0', '#d3deec'],
    ['#e9edf2', '#c4ccd8', '#dae0e8'],
    ['#e3eef4', '#b5cfdf', '#cfe1ec'],
  ],
  'beauty-health': [
    ['#fdeef2', '#f4c4d2', '#f9dbe4'],
    ['#fbeef6', '#e9c6de', '#f4dcea'],
    ['#fff0ec', '#f6cabd', '#fadfd6'],
  ],
  clothing: [
    ['#fdf3e6', '#f1d2ad', '#f8e3c9'],
    ['#f8f1ea', '#e4cdb9', '#efdfd0'],
    ['#fef1e4', '#f5c9a6', '#fadcc4'],
  ],
  'computer-office': [
    ['#e6f5f3', '#b6ddd6', '#cfeae5'],
    ['#e8f3f8', '#b9d8e6', '#d1e6ef'],
    ['#ecf4ee', '#c3dcca', '#d8e9dc'],
  ],
  electronics: [
    ['#efebfc', '#cbbff1', '#ddd5f7'],
    ['#eae9fb', '#c3c4ef', '#d8d8f6'],
    ['#f3eafa', '#d9bfee', '#e7d5f4'],
  ],
  'food-grocery': [
    ['#fef8e2', '#f2dc9c', '#f8eabf'],
    ['#fdf4e0', '#efd09a', '#f6e2bd'],
    ['#f7f6df', '#dfdb9f', '#ebe9c0'],
  ],
  'garden-tools': [
    ['#ebf5e4', '#c0dcad', '#d6e9c9'],
    ['#eef4e2', '#cbd9a9', '#dde7c6'],
    ['#e5f3ea', '#b3d8c0', '#cde6d6'],
  ],
};

const ACCENTS = ['#ff6b57', '#2bb3a3', '#f2b33d', '#5b8def', '#e7548f', '#8a63d2', '#f28c38', '#3fb36b'];
const METALS: readonly (readonly [string, string])[] = [
  ['#d5d9df', '#9aa2ad'],
  ['#e3d3bd', '#b49a78'],
  ['#d9d1d6', '#a496a0'],
];

// ---------------------------------------------------------------------------------------------
// Drawings. Each is centred on the canvas with its base near y = 640 (the shadow sits at 660).

const lensGradient = (id: string) =>
  `<radialGradient id="${id}" cx=".35" cy=".35" r=".8"><stop offset="0" stop-color="#6d8cff"/><stop offset=".5" stop-color="#31306b"/><stop offset="1" stop-color="#0e0f1a"/></radialGradient>`;
const screenGradient = (id: string, p: Paint) =>
  `<linearGradient id="${id}" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${shade(p.accent, 0.25)}"/><stop offset="1" stop-color="${shade(p.accent, -0.45)}"/></linearGradient>`;

const DRAWINGS: Record<string, Drawing> = {
  // ---- Electronics
  headphones: (p) => `
<path d="M238 450V385C238 262 312 200 400 200S562 262 562 385V450" fill="none" stroke="${p.dark}" stroke-width="30" stroke-linecap="round"/>
<path d="M268 300C302 252 350 230 400 230S498 252 532 300" fill="none" stroke="${p.light}" stroke-width="9" stroke-linecap="round" opacity=".55"/>
<rect x="224" y="395" width="28" height="70" rx="10" fill="${p.metal}"/><rect x="548" y="395" width="28" height="70" rx="10" fill="${p.metal}"/>
<rect x="160" y="430" width="128" height="200" rx="60" fill="${p.main}"/><rect x="512" y="430" width="128" height="200" rx="60" fill="${p.main}"/>
<rect x="262" y="452" width="50" height="156" rx="24" fill="${p.dark}"/><rect x="488" y="452" width="50" height="156" rx="24" fill="${p.dark}"/>
<rect x="186" y="465" width="22" height="110" rx="11" fill="#fff" opacity=".25"/><rect x="538" y="465" width="22" height="110" rx="11" fill="#fff" opacity=".18"/>`,

  speaker: (p) => `
<defs><pattern id="mesh" width="18" height="18" patternUnits="userSpaceOnUse"><circle cx="9" cy="9" r="3.2" fill="#000" opacity=".18"/></pattern></defs>
<rect x="170" y="350" width="460" height="230" rx="115" fill="${p.main}"/>
<rect x="170" y="350" width="460" height="230" rx="115" fill="url(#mesh)"/>
<ellipse cx="198" cy="465" rx="30" ry="104" fill="${p.dark}"/><ellipse cx="602" cy="465" rx="30" ry="104" fill="${p.dark}"/>
<ellipse cx="602" cy="465" rx="16" ry="64" fill="${p.accent}"/>
<rect x="325" y="332" width="150" height="26" rx="13" fill="${p.dark}"/>
<circle cx="360" cy="345" r="6" fill="${p.light}"/><circle cx="400" cy="345" r="6" fill="${p.light}"/><circle cx="440" cy="345" r="6" fill="${p.light}"/>
<rect x="350" y="446" width="100" height="38" rx="12" fill="${p.accent}"/>
<rect x="240" y="372" width="320" height="22" rx="11" fill="#fff" opacity=".22"/>
<rect x="250" y="570" width="300" height="30" rx="12" fill="${p.dark}"/>`,

  phone: (p) => `
<g transform="rotate(-8 330 420)">
<rect x="200" y="180" width="230" height="460" rx="40" fill="${p.main}"/>
<rect x="222" y="202" width="100" height="104" rx="28" fill="${p.dark}"/>
<circle cx="252" cy="232" r="18" fill="#15161c"/><circle cx="252" cy="276" r="18" fill="#15161c"/><circle cx="292" cy="254" r="18" fill="#15161c"/>
<circle cx="248" cy="228" r="5" fill="#8fa6ff"/><circle cx="248" cy="272" r="5" fill="#8fa6ff"/>
<rect x="216" y="330" width="14" height="290" rx="7" fill="#fff" opacity=".2"/></g>
<defs>${screenGradient('scr', p)}</defs>
<rect x="350" y="170" width="230" height="470" rx="40" fill="${INK}"/>
<rect x="364" y="184" width="202" height="442" rx="30" fill="url(#scr)"/>
<rect x="435" y="198" width="60" height="18" rx="9" fill="${INK}"/>
<path d="M364 480C420 430 470 520 566 450V596Q566 626 536 626H394Q364 626 364 596Z" fill="#fff" opacity=".18"/>
<circle cx="470" cy="330" r="46" fill="#fff" opacity=".16"/>`,

  camera: (p) => `
<defs>${lensGradient('lens')}</defs>
<path d="M330 300L352 238H458L480 300Z" fill="${p.dark}"/>
<rect x="180" y="290" width="440" height="270" rx="36" fill="${p.main}"/>
<rect x="180" y="290" width="92" height="270" rx="36" fill="${p.dark}"/>
<rect x="180" y="290" width="440" height="60" rx="30" fill="${p.metal}"/>
<rect x="208" y="270" width="56" height="24" rx="8" fill="${p.metalDark}"/><rect x="520" y="272" width="64" height="22" rx="8" fill="${p.metalDark}"/>
<circle cx="438" cy="440" r="128" fill="${INK}"/><circle cx="438" cy="440" r="104" fill="${p.metalDark}"/>
<circle cx="438" cy="440" r="88" fill="#1b1c22"/><circle cx="438" cy="440" r="64" fill="url(#lens)"/>
<circle cx="412" cy="414" r="16" fill="#fff" opacity=".7"/><circle cx="458" cy="462" r="7" fill="#fff" opacity=".35"/>
<circle cx="574" cy="330" r="10" fill="${p.accent}"/>`,

  watch: (p) => `
<rect x="332" y="130" width="136" height="210" rx="30" fill="${p.main}"/>
<rect x="332" y="460" width="136" height="210" rx="30" fill="${p.main}"/>
<circle cx="400" cy="560" r="8" fill="${p.dark}"/><circle cx="400" cy="596" r="8" fill="${p.dark}"/><circle cx="400" cy="632" r="8" fill="${p.dark}"/>
<rect x="280" y="272" width="240" height="260" rx="68" fill="${p.metal}"/>
<rect x="516" y="352" width="24" height="56" rx="9" fill="${p.metalDark}"/>
<rect x="298" y="290" width="204" height="224" rx="54" fill="#121318"/>
<g fill="none" stroke-linecap="round" stroke-width="15" transform="rotate(-90 400 402)">
<circle cx="400" cy="402" r="64" stroke="#ff4f6d" stroke-dasharray="300 402"/>
<circle cx="400" cy="402" r="44" stroke="#9df25a" stroke-dasharray="190 277"/>
<circle cx="400" cy="402" r="24" stroke="#33d6f2" stroke-dasharray="120 151"/></g>`,

  blender: (p) => `
<path d="M292 220H508L478 500H322Z" fill="#e8f6fb" opacity=".8"/>
<path d="M306 350H494L478 500H322Z" fill="${p.accent}" opacity=".9"/>
<path d="M318 236L334 480" stroke="#fff" stroke-width="12" stroke-linecap="round" opacity=".7"/>
<path d="M504 260H552Q580 260 580 288V392Q580 420 552 420H486" fill="none" stroke="${p.dark}" stroke-width="24" stroke-linejoin="round"/>
<rect x="278" y="196" width="244" height="36" rx="14" fill="${p.dark}"/><rect x="380" y="176" width="40" height="26" rx="8" fill="${p.dark}"/>
<path d="M362 482L438 470M372 468L428 486" stroke="${p.metalDark}" stroke-width="8" stroke-linecap="round"/>
<rect x="306" y="494" width="188" height="32" rx="10" fill="${p.dark}"/>
<path d="M298 522H502L528 640H272Z" fill="${p.main}"/>
<circle cx="400" cy="585" r="26" fill="${p.metal}"/><circle cx="400" cy="585" r="10" fill="${p.metalDark}"/>
<circle cx="340" cy="585" r="7" fill="${p.light}"/><circle cx="460" cy="585" r="7" fill="${p.light}"/>`,

  // ---- Computer & Office
  laptop: (p) => `
<defs>${screenGradient('scr', p)}</defs>
<rect x="205" y="190" width="390" height="276" rx="20" fill="${INK}"/>
<rect x="223" y="208" width="354" height="238" rx="6" fill="url(#scr)"/>
<path d="M223 380C320 300 420 420 577 316V446H223Z" fill="#fff" opacity=".16"/>
<circle cx="300" cy="282" r="40" fill="#fff" opacity=".14"/>
<path d="M200 466H600L668 570H132Z" fill="${p.main}"/>
<path d="M232 480H568L606 536H194Z" fill="${p.dark}" opacity=".45"/>
<path d="M354 544H446L452 562H348Z" fill="${p.dark}" opacity=".35"/>
<path d="M132 570H668V584Q668 596 656 596H144Q132 596 132 584Z" fill="${p.dark}"/>`,

  keyboard: (p) => `
<defs><pattern id="keys" x="172" y="328" width="42" height="42" patternUnits="userSpaceOnUse"><rect x="3" y="3" width="36" height="34" rx="8" fill="${p.light}"/><rect x="3" y="33" width="36" height="4" rx="2" fill="#000" opacity=".12"/></pattern></defs>
<g transform="rotate(-7 400 420)">
<rect x="140" y="300" width="520" height="240" rx="28" fill="${p.main}"/>
<rect x="140" y="520" width="520" height="20" rx="10" fill="${p.dark}"/>
<rect x="172" y="328" width="462" height="126" fill="url(#keys)"/>
<rect x="175" y="461" width="78" height="34" rx="8" fill="${p.light}"/><rect x="259" y="461" width="282" height="34" rx="8" fill="${p.light}"/>
<rect x="547" y="461" width="84" height="34" rx="8" fill="${p.accent}"/>
<rect x="217" y="377" width="36" height="34" rx="8" fill="${p.accent}"/></g>`,

  monitor: (p) => `
<defs>${screenGradient('scr', p)}</defs>
<path d="M372 480H428L446 594H354Z" fill="${p.metalDark}"/>
<rect x="272" y="588" width="256" height="26" rx="13" fill="${p.metal}"/>
<rect x="140" y="160" width="520" height="330" rx="20" fill="${p.main === '#f4f4f2' ? '#d9dbe0' : INK}"/>
<rect x="156" y="176" width="488" height="286" rx="8" fill="url(#scr)"/>
<path d="M156 400C260 330 360 420 460 360S600 330 644 350V462H156Z" fill="#fff" opacity=".18"/>
<path d="M156 430C280 390 420 450 644 400V462H156Z" fill="#fff" opacity=".14"/>
<circle cx="540" cy="260" r="38" fill="#fff" opacity=".25"/>
<rect x="380" y="470" width="40" height="6" rx="3" fill="${p.accent}"/>`,

  mouse: (p) => `
<g transform="rotate(-12 400 420)">
<path d="M400 180C520 180 566 286 566 420C566 564 496 640 400 640S234 564 234 420C234 286 280 180 400 180Z" fill="${p.main}"/>
<path d="M400 182V352M242 352Q400 392 558 352" fill="none" stroke="${p.dark}" stroke-width="6" opacity=".5"/>
<rect x="386" y="236" width="28" height="72" rx="14" fill="${p.dark}"/><rect x="393" y="252" width="14" height="22" rx="7" fill="${p.accent}"/>
<rect x="226" y="390" width="16" height="58" rx="8" fill="${p.dark}"/><rect x="226" y="456" width="16" height="46" rx="8" fill="${p.dark}"/>
<ellipse cx="318" cy="300" rx="26" ry="74" fill="#fff" opacity=".22" transform="rotate(18 318 300)"/></g>`,

  lamp: (p) => `
<path d="M492 392L650 600H372Z" fill="#fff7c7" opacity=".45"/>
<ellipse cx="300" cy="628" rx="128" ry="26" fill="${p.dark}"/>
<rect x="172" y="596" width="256" height="34" rx="17" fill="${p.main}"/>
<path d="M300 600L250 420L432 300" fill="none" stroke="${p.main}" stroke-width="24" stroke-linecap="round" stroke-linejoin="round"/>
<path d="M300 600L250 420L432 300" fill="none" stroke="#fff" stroke-width="6" stroke-linecap="round" opacity=".25"/>
<circle cx="250" cy="420" r="22" fill="${p.metal}"/><circle cx="432" cy="300" r="22" fill="${p.metal}"/><circle cx="300" cy="600" r="18" fill="${p.metal}"/>
<g transform="rotate(-32 470 330)"><path d="M432 250H508L568 396H372Z" fill="${p.main}"/>
<ellipse cx="470" cy="396" rx="98" ry="22" fill="#fff5b8"/><rect x="440" y="226" width="60" height="30" rx="10" fill="${p.dark}"/></g>`,

  // ---- Clothing
  jacket: (p) => `
<defs><clipPath id="jc"><path id="jb" d="M310 188Q400 232 490 188L560 212Q612 232 630 296L662 556Q664 576 644 578L596 584Q580 586 578 568L562 400V616Q562 632 546 632H254Q238 632 238 616V400L222 568Q220 586 204 584L156 578Q136 576 138 556L170 296Q188 232 240 212Z"/></clipPath></defs>
<use href="#jb" fill="${p.main}"/>
<g clip-path="url(#jc)" stroke="${p.dark}" stroke-width="6" fill="none" opacity=".45"><path d="M120 300H680M120 380H680M120 460H680M120 540H680"/></g>
<path d="M238 400L222 568M562 400L578 568" stroke="${p.dark}" stroke-width="5" opacity=".4"/>
<path d="M400 226V632" stroke="${p.metalDark}" stroke-width="8"/>
<rect x="392" y="250" width="16" height="30" rx="4" fill="${p.metal}"/>
<path d="M300 188Q400 240 500 188L486 150Q400 196 314 150Z" fill="${p.dark}"/>
<rect x="268" y="520" width="70" height="8" rx="4" fill="${p.dark}" opacity=".6"/><rect x="462" y="520" width="70" height="8" rx="4" fill="${p.dark}" opacity=".6"/>`,

  sneaker: (p) => `
<path d="M166 520C160 440 196 380 250 356L330 300Q362 286 384 308L436 376C478 398 560 418 624 448Q664 468 660 520Z" fill="${p.main}"/>
<path d="M430 376C480 400 560 420 624 448Q664 468 660 520H560C540 470 480 430 430 376Z" fill="${p.dark}" opacity=".25"/>
<path d="M345 318L392 348M360 302L414 336M378 292L432 326M330 336L378 366" stroke="#fff" stroke-width="9" stroke-linecap="round"/>
<path d="M176 408Q164 452 176 504" stroke="${p.accent}" stroke-width="18" fill="none" stroke-linecap="round"/>
<path d="M250 480C340 470 450 440 560 486" stroke="${p.accent}" stroke-width="16" fill="none" stroke-linecap="round"/>
<path d="M148 520H646Q676 520 674 550Q670 582 636 584H174Q144 582 144 552Z" fill="#fafafa"/>
<path d="M148 556H672" stroke="${p.metal}" stroke-width="8"/>
<path d="M146 584H640Q666 584 664 600Q662 612 640 612H166Q148 612 146 600Z" fill="${p.metalDark}"/>`,

  hoodie: (p) => `
<path d="M318 200Q400 120 482 200Q500 240 470 262Q400 300 330 262Q300 240 318 200Z" fill="${p.dark}"/>
<path d="M300 196L230 220Q186 236 176 290L148 540Q146 560 166 562L214 566Q232 568 234 550L248 400V620Q248 636 264 636H536Q552 636 552 620V400L566 550Q568 568 586 566L634 562Q654 560 652 540L624 290Q614 236 570 220L500 196Q400 280 300 196Z" fill="${p.main}"/>
<path d="M372 262V360M428 262V360" stroke="${p.light}" stroke-width="7" stroke-linecap="round"/>
<circle cx="372" cy="366" r="8" fill="${p.light}"/><circle cx="428" cy="366" r="8" fill="${p.light}"/>
<path d="M300 480H500L520 580H280Z" fill="${p.dark}" opacity=".35"/>
<rect x="248" y="600" width="304" height="36" rx="8" fill="${p.dark}" opacity=".45"/>`,

  tshirt: (p) => `
<path d="M310 180Q400 232 490 180L640 246Q654 252 648 266L600 366Q594 378 580 372L544 356V614Q544 632 526 632H274Q256 632 256 614V356L220 372Q206 378 200 366L152 266Q146 252 160 246Z" fill="${p.main}"/>
<path d="M318 184Q400 252 482 184" fill="none" stroke="${p.dark}" stroke-width="16"/>
<path d="M214 352L256 334M586 352L544 334" stroke="${p.dark}" stroke-width="6" opacity=".35"/>
<circle cx="400" cy="400" r="62" fill="${p.accent}"/><path d="M362 420L392 380L414 406L428 390L446 420Z" fill="#fff" opacity=".85"/>`,

  backpack: (p) => `
<path d="M352 212Q352 160 400 160T448 212" fill="none" stroke="${p.dark}" stroke-width="18"/>
<rect x="228" y="300" width="28" height="250" rx="14" fill="${p.dark}"/><rect x="544" y="300" width="28" height="250" rx="14" fill="${p.dark}"/>
<rect x="250" y="200" width="300" height="430" rx="96" fill="${p.main}"/>
<path d="M278 290Q400 236 522 290" fill="none" stroke="${p.dark}" stroke-width="7" opacity=".6"/>
<rect x="392" y="252" width="14" height="40" rx="6" fill="${p.metal}"/>
<rect x="288" y="420" width="224" height="176" rx="44" fill="${p.dark}" opacity=".3"/>
<path d="M300 452H500" stroke="${p.dark}" stroke-width="6" opacity=".6"/>
<rect x="372" y="446" width="56" height="20" rx="6" fill="${p.accent}"/>
<rect x="272" y="224" width="22" height="170" rx="11" fill="#fff" opacity=".18"/>`,

  cap: (p) => `
<path d="M200 500C200 330 300 240 420 240C548 240 620 340 620 500Z" fill="${p.main}"/>
<path d="M420 240C370 300 356 400 362 500M420 240C470 300 500 400 510 500" fill="none" stroke="${p.dark}" stroke-width="6" opacity=".4"/>
<ellipse cx="420" cy="242" rx="22" ry="10" fill="${p.dark}"/>
<circle cx="300" cy="360" r="8" fill="${p.dark}" opacity=".5"/><circle cx="540" cy="360" r="8" fill="${p.dark}" opacity=".5"/>
<path d="M560 476C650 470 714 488 716 516C718 540 660 548 560 530Z" fill="${p.dark}"/>
<rect x="196" y="486" width="428" height="26" rx="12" fill="${p.dark}"/>
<path d="M260 330C300 290 350 270 400 268" stroke="#fff" stroke-width="14" stroke-linecap="round" fill="none" opacity=".22"/>
<rect x="272" y="390" width="86" height="50" rx="12" fill="${p.accent}"/>`,

  // ---- Beauty & Health
  lotion: (p) => `
<path d="M196 640L212 372H288L304 640Z" fill="${p.accent}"/>
<rect x="220" y="332" width="60" height="44" rx="8" fill="${shade(p.accent, -0.3)}"/>
<path d="M200 600H300" stroke="#fff" stroke-width="6" opacity=".5"/>
<rect x="360" y="250" width="80" height="62" rx="10" fill="${p.dark}"/>
<rect x="388" y="196" width="24" height="60" fill="${p.metal}"/>
<path d="M356 178H468Q480 178 480 190V206H356Z" fill="${p.metal}"/><rect x="470" y="184" width="56" height="14" rx="6" fill="${p.metal}"/>
<rect x="306" y="300" width="188" height="340" rx="44" fill="${p.main}"/>
<rect x="330" y="410" width="140" height="150" rx="16" fill="#fff" opacity=".85"/>
<rect x="352" y="440" width="96" height="12" rx="6" fill="${p.dark}"/><rect x="362" y="466" width="76" height="8" rx="4" fill="${p.accent}"/>
<rect x="352" y="520" width="96" height="8" rx="4" fill="${p.dark}" opacity=".3"/>
<rect x="322" y="322" width="18" height="290" rx="9" fill="#fff" opacity=".3"/>`,

  hairdryer: (p) => `
<path d="M338 372L298 612Q294 640 322 640H360Q384 640 386 616L420 380Z" fill="${p.main}"/>
<path d="M330 630Q320 700 250 694" fill="none" stroke="${p.dark}" stroke-width="10" stroke-linecap="round"/>
<rect x="334" y="440" width="28" height="58" rx="12" fill="${p.accent}" transform="rotate(10 348 469)"/>
<path d="M546 270L632 286Q644 288 644 300V356Q644 368 632 370L546 386Z" fill="${p.dark}"/>
<rect x="200" y="246" width="370" height="164" rx="82" fill="${p.main}"/>
<circle cx="282" cy="328" r="66" fill="${p.dark}"/>
<circle cx="282" cy="328" r="48" fill="none" stroke="${p.metal}" stroke-width="6" stroke-dasharray="10 9"/><circle cx="282" cy="328" r="20" fill="${p.metal}"/>
<rect x="380" y="270" width="150" height="18" rx="9" fill="#fff" opacity=".3"/>`,

  toothbrush: (p) => `
<ellipse cx="400" cy="628" rx="100" ry="26" fill="${p.dark}"/>
<rect x="316" y="586" width="168" height="42" rx="21" fill="${p.metal}"/>
<path d="M374 312L384 160H416L426 312Z" fill="#f6f6f4"/>
<rect x="376" y="96" width="48" height="96" rx="22" fill="#f6f6f4"/><rect x="383" y="108" width="34" height="64" rx="12" fill="${p.accent}"/>
<rect x="346" y="290" width="108" height="320" rx="50" fill="${p.main}"/>
<circle cx="400" cy="390" r="20" fill="${p.dark}"/><circle cx="400" cy="390" r="8" fill="${p.light}"/>
<rect x="392" y="436" width="16" height="40" rx="8" fill="${p.dark}" opacity=".5"/>
<rect x="362" y="310" width="14" height="270" rx="7" fill="#fff" opacity=".3"/>
<g transform="translate(190 0)"><rect x="362" y="420" width="64" height="190" rx="30" fill="${p.light}"/><rect x="376" y="360" width="36" height="70" rx="12" fill="#f6f6f4"/></g>`,

  perfume: (p) => `
<rect x="340" y="176" width="120" height="106" rx="18" fill="${p.dark}"/>
<rect x="358" y="190" width="20" height="80" rx="10" fill="#fff" opacity=".25"/>
<rect x="372" y="278" width="56" height="44" fill="${p.metal}"/>
<rect x="272" y="316" width="256" height="310" rx="46" fill="${shade(p.main, 0.45)}" opacity=".9"/>
<rect x="290" y="384" width="220" height="224" rx="34" fill="${p.main}" opacity=".85"/>
<rect x="326" y="452" width="148" height="78" rx="10" fill="#fff" opacity=".75"/>
<rect x="352" y="476" width="96" height="10" rx="5" fill="${p.dark}"/><rect x="370" y="498" width="60" height="7" rx="3" fill="${p.dark}" opacity=".5"/>
<rect x="294" y="336" width="20" height="250" rx="10" fill="#fff" opacity=".45"/>`,

  creamjar: (p) => `
<rect x="236" y="292" width="328" height="84" rx="22" fill="${p.dark}"/>
<path d="M256 312H544" stroke="#fff" stroke-width="10" stroke-linecap="round" opacity=".25"/>
<rect x="248" y="370" width="304" height="16" fill="${p.metal}"/>
<path d="M236 386H564V590Q564 632 522 632H278Q236 632 236 590Z" fill="${p.main}"/>
<rect x="286" y="440" width="228" height="120" rx="14" fill="#fff" opacity=".85"/>
<circle cx="400" cy="478" r="20" fill="${p.accent}"/><rect x="330" y="514" width="140" height="10" rx="5" fill="${p.dark}"/>
<rect x="354" y="534" width="92" height="8" rx="4" fill="${p.dark}" opacity=".4"/>
<rect x="252" y="402" width="18" height="200" rx="9" fill="#fff" opacity=".3"/>`,

  // ---- Automotive
  tyre: (p) => `
<circle cx="400" cy="410" r="246" fill="#2a2b30"/>
<circle cx="400" cy="410" r="232" fill="none" stroke="#3c3e45" stroke-width="26" stroke-dasharray="20 14"/>
<circle cx="400" cy="410" r="196" fill="#34363d"/><circle cx="400" cy="410" r="164" fill="${p.metalDark}"/>
<circle cx="400" cy="410" r="152" fill="${p.main}"/>
<g fill="#2a2b30">${[0, 72, 144, 216, 288].map((a) => `<path d="M368 300Q400 284 432 300L416 372H384Z" transform="rotate(${a} 400 410)"/>`).join('')}</g>
<circle cx="400" cy="410" r="42" fill="${p.metal}"/><circle cx="400" cy="410" r="16" fill="${p.metalDark}"/>
<path d="M282 300Q320 262 370 254" stroke="#fff" stroke-width="10" stroke-linecap="round" fill="none" opacity=".3"/>`,

  battery: (p) => `
<rect x="244" y="226" width="56" height="50" rx="8" fill="#d94848"/><rect x="500" y="226" width="56" height="50" rx="8" fill="${INK}"/>
<rect x="190" y="266" width="420" height="56" rx="14" fill="${p.dark}"/>
<rect x="202" y="316" width="396" height="314" rx="18" fill="${p.main}"/>
<rect x="202" y="392" width="396" height="120" fill="${p.accent}"/>
<path d="M414 404L366 462H400L384 500L440 436H404Z" fill="#fff"/>
<path d="M252 350H292M272 330V370" stroke="#fff" stroke-width="10" stroke-linecap="round"/><path d="M508 350H548" stroke="#fff" stroke-width="10" stroke-linecap="round"/>
<rect x="222" y="536" width="12" height="80" rx="6" fill="#fff" opacity=".25"/>`,

  dashcam: (p) => `
<defs>${lensGradient('lens')}</defs>
<path d="M380 160H420V250H380Z" fill="${p.metalDark}"/><rect x="330" y="140" width="140" height="36" rx="12" fill="${p.dark}"/>
<rect x="200" y="240" width="400" height="240" rx="56" fill="${p.main}"/>
<rect x="200" y="420" width="400" height="60" rx="30" fill="${p.dark}" opacity=".35"/>
<circle cx="456" cy="356" r="92" fill="${INK}"/><circle cx="456" cy="356" r="70" fill="${p.metalDark}"/><circle cx="456" cy="356" r="54" fill="url(#lens)"/>
<circle cx="434" cy="334" r="13" fill="#fff" opacity=".7"/>
<circle cx="268" cy="300" r="10" fill="#ff4f4f"/><rect x="248" y="340" width="90" height="14" rx="7" fill="${p.dark}" opacity=".5"/>
<rect x="248" y="366" width="60" height="14" rx="7" fill="${p.dark}" opacity=".5"/>`,

  jug: (p) => `
<path d="M260 330V250Q260 220 290 220H380Q410 220 410 250V330" fill="none" stroke="${p.main}" stroke-width="32"/>
<rect x="456" y="206" width="74" height="62" rx="12" fill="${p.dark}"/>
<path d="M244 300H470L546 360V606Q546 632 520 632H270Q244 632 244 606Z" fill="${p.main}"/>
<rect x="276" y="410" width="238" height="176" rx="18" fill="#fff" opacity=".92"/>
<rect x="276" y="410" width="238" height="40" rx="18" fill="${p.accent}"/>
<path d="M396 470Q430 512 430 534A34 34 0 0 1 362 534Q362 512 396 470Z" fill="${p.dark}"/>
<rect x="258" y="330" width="16" height="250" rx="8" fill="#fff" opacity=".25"/>`,

  jumpstarter: (p) => `
<path d="M300 470Q260 560 200 600M500 470Q540 560 600 600" fill="none" stroke="${INK}" stroke-width="14" stroke-linecap="round"/>
<path d="M176 586L232 582L236 630L186 640Z" fill="#d94848"/><path d="M568 582L624 586L614 640L564 630Z" fill="${INK}"/>
<rect x="250" y="220" width="300" height="280" rx="40" fill="${p.main}"/>
<rect x="250" y="220" width="300" height="70" rx="35" fill="${p.dark}"/>
<circle cx="400" cy="380" r="62" fill="${p.dark}"/><circle cx="400" cy="380" r="48" fill="none" stroke="${p.accent}" stroke-width="12" stroke-dasharray="230 302" stroke-linecap="round" transform="rotate(-90 400 380)"/>
<path d="M408 350L382 386H402L392 412L422 374H402Z" fill="#fff"/>
<rect x="300" y="458" width="40" height="12" rx="6" fill="${p.accent}"/><rect x="360" y="458" width="40" height="12" rx="6" fill="${p.accent}"/><rect x="420" y="458" width="40" height="12" rx="6" fill="${p.light}"/>`,

  carvac: (p) => `
<path d="M222 430L120 470Q104 478 110 494L120 520Q126 534 142 528L250 486Z" fill="${p.dark}"/>
<path d="M250 350H500Q560 350 560 410V450Q560 510 500 510H250Z" fill="${p.main}"/>
<path d="M232 360L262 350V510L232 500Q206 490 206 460V400Q206 370 232 360Z" fill="${p.light}" opacity=".9"/>
<rect x="300" y="380" width="160" height="100" rx="30" fill="#e8f6fb" opacity=".7"/>
<path d="M540 380Q660 380 660 470Q660 560 560 560H470L500 510" fill="none" stroke="${p.main}" stroke-width="34" stroke-linejoin="round"/>
<rect x="590" y="420" width="24" height="60" rx="10" fill="${p.accent}"/>
<rect x="272" y="362" width="200" height="12" rx="6" fill="#fff" opacity=".3"/>`,

  // ---- Food & Grocery
  coffeebag: (p) => `
<path d="M266 250H534L562 612Q564 632 544 632H256Q236 632 238 612Z" fill="${p.main}"/>
<path d="M534 250L562 612Q564 632 544 632H520L500 250Z" fill="#000" opacity=".12"/>
<rect x="258" y="206" width="284" height="56" rx="8" fill="${p.dark}"/>
<path d="M280 214V254M310 214V254M340 214V254M370 214V254M400 214V254M430 214V254M460 214V254M490 214V254M520 214V254" stroke="#000" stroke-width="4" opacity=".18"/>
<circle cx="400" cy="306" r="12" fill="${p.dark}"/>
<ellipse cx="400" cy="470" rx="104" ry="112" fill="#fbf3e4"/>
<ellipse cx="400" cy="466" rx="40" ry="58" fill="#6b3e26" transform="rotate(24 400 466)"/>
<path d="M384 414Q420 466 392 520" stroke="#f4e1c4" stroke-width="8" fill="none" stroke-linecap="round"/>
<ellipse cx="190" cy="626" rx="20" ry="28" fill="#6b3e26" transform="rotate(60 190 626)"/><ellipse cx="612" cy="622" rx="20" ry="28" fill="#6b3e26" transform="rotate(-30 612 622)"/>`,

  jar: (p) => `
<rect x="292" y="216" width="216" height="66" rx="14" fill="${p.accent}"/>
<path d="M310 232V266M340 232V266M370 232V266M400 232V266M430 232V266M460 232V266M490 232V266" stroke="#000" stroke-width="5" opacity=".15"/>
<rect x="312" y="278" width="176" height="26" fill="#e9f4f7"/>
<rect x="262" y="296" width="276" height="336" rx="56" fill="${p.main}"/>
<rect x="284" y="404" width="232" height="132" rx="14" fill="#fffaf0"/>
<circle cx="400" cy="450" r="24" fill="${p.accent}"/><path d="M400 426Q412 410 426 412" stroke="#3f9b4b" stroke-width="6" fill="none" stroke-linecap="round"/>
<rect x="330" y="492" width="140" height="10" rx="5" fill="${p.dark}"/><rect x="356" y="512" width="88" height="7" rx="3" fill="${p.dark}" opacity=".4"/>
<rect x="282" y="326" width="22" height="270" rx="11" fill="#fff" opacity=".35"/>`,

  bottle: (p) => `
<rect x="362" y="130" width="76" height="50" rx="10" fill="${p.dark}"/>
<path d="M372 178H428V236Q470 260 470 308V604Q470 632 442 632H358Q330 632 330 604V308Q330 260 372 236Z" fill="${p.main}"/>
<rect x="338" y="390" width="124" height="160" rx="12" fill="#fff7e6"/>
<path d="M400 420Q448 450 400 520Q352 450 400 420Z" fill="${p.accent}"/><path d="M400 430V512" stroke="#fff" stroke-width="4"/>
<rect x="356" y="530" width="88" height="8" rx="4" fill="${p.dark}" opacity=".5"/>
<rect x="346" y="300" width="14" height="280" rx="7" fill="#fff" opacity=".3"/>
<g transform="translate(-150 90) scale(.8)" opacity=".95"><path d="M372 178H428V236Q470 260 470 308V604Q470 632 442 632H358Q330 632 330 604V308Q330 260 372 236Z" fill="${shade(p.main, -0.2)}"/><rect x="362" y="130" width="76" height="50" rx="10" fill="${p.dark}"/></g>`,

  box: (p) => `
<path d="M270 220L330 186H568L508 220Z" fill="${shade(p.main, 0.3)}"/>
<path d="M508 220L568 186V594L508 628Z" fill="${p.dark}"/>
<rect x="270" y="220" width="238" height="408" fill="${p.main}"/>
<rect x="270" y="252" width="238" height="64" fill="${p.accent}"/>
<rect x="300" y="274" width="120" height="20" rx="10" fill="#fff" opacity=".9"/>
<path d="M306 452H472Q466 540 389 540Q312 540 306 452Z" fill="#fff"/>
<circle cx="344" cy="440" r="16" fill="${p.accent}"/><circle cx="376" cy="430" r="16" fill="#f2b33d"/><circle cx="408" cy="440" r="16" fill="${p.accent}"/><circle cx="438" cy="432" r="16" fill="#f2b33d"/>
<rect x="300" y="574" width="178" height="12" rx="6" fill="#fff" opacity=".6"/>`,

  can: (p) => `
<rect x="290" y="250" width="220" height="364" fill="${p.main}"/>
<ellipse cx="400" cy="614" rx="110" ry="26" fill="${p.main}"/>
<rect x="290" y="336" width="220" height="206" fill="#fff8ec"/>
<circle cx="400" cy="420" r="46" fill="${p.accent}"/><path d="M376 410Q400 380 424 410Q400 452 376 410Z" fill="#fff" opacity=".8"/>
<rect x="330" y="488" width="140" height="12" rx="6" fill="${p.dark}"/><rect x="350" y="510" width="100" height="8" rx="4" fill="${p.dark}" opacity=".4"/>
<path d="M290 290H510M290 580H510" stroke="${p.dark}" stroke-width="6" opacity=".35"/>
<ellipse cx="400" cy="250" rx="110" ry="26" fill="${p.metal}"/><ellipse cx="400" cy="250" rx="94" ry="19" fill="${p.metalDark}" opacity=".5"/>
<rect x="306" y="300" width="16" height="290" rx="8" fill="#fff" opacity=".3"/>`,

  // ---- Garden & Tools
  drill: (p) => `
<rect x="526" y="300" width="34" height="70" rx="8" fill="${p.dark}"/>
<path d="M556 306H600L612 318V352L600 364H556Z" fill="${INK}"/>
<rect x="610" y="325" width="96" height="16" rx="4" fill="${p.metal}"/>
<path d="M626 325L636 341M646 325L656 341M666 325L676 341M686 325L696 341" stroke="${p.metalDark}" stroke-width="4"/>
<path d="M312 380H420L392 560H284Z" fill="${p.dark}"/>
<rect x="404" y="396" width="24" height="56" rx="10" fill="${p.accent}"/>
<rect x="210" y="262" width="330" height="140" rx="60" fill="${p.main}"/>
<path d="M240 300V364M262 300V364M284 300V364" stroke="${p.dark}" stroke-width="8" stroke-linecap="round"/>
<rect x="330" y="280" width="180" height="14" rx="7" fill="#fff" opacity=".3"/>
<rect x="240" y="548" width="220" height="86" rx="16" fill="${p.main}"/>
<rect x="240" y="548" width="220" height="26" rx="12" fill="${INK}"/><rect x="270" y="598" width="46" height="12" rx="6" fill="${p.accent}"/>`,

  plant: (p) => {
    const leaves = [
      [-55, 1.05, '#3f9b4b'],
      [-25, 1.25, '#52b35e'],
      [5, 1.35, '#3f9b4b'],
      [32, 1.2, '#5cbf69'],
      [60, 1.0, '#46a553'],
      [-80, 0.8, '#5cbf69'],
      [85, 0.8, '#3f9b4b'],
    ] as const;
    return `
${leaves
  .map(
    ([a, s, c]) =>
      `<g transform="translate(400 450) rotate(${a}) scale(${s})"><path d="M0 0C44-44 46-150 0-210C-46-150-44-44 0 0Z" fill="${c}"/><path d="M0-6V-190" stroke="#fff" stroke-width="4" opacity=".3"/></g>`,
  )
  .join('')}
<path d="M282 470H518L494 624Q492 640 476 640H324Q308 640 306 624Z" fill="${p.main}"/>
<rect x="264" y="444" width="272" height="48" rx="14" fill="${shade(p.main, -0.12)}"/>
<rect x="300" y="506" width="14" height="110" rx="7" fill="#fff" opacity=".25"/>`;
  },

  wateringcan: (p) => `
<path d="M300 330Q300 232 400 232T500 330" fill="none" stroke="${p.dark}" stroke-width="26"/>
<path d="M506 520L646 330" stroke="${p.main}" stroke-width="36" stroke-linecap="round"/>
<rect x="618" y="276" width="84" height="48" rx="14" fill="${p.dark}" transform="rotate(-36 660 300)"/>
<path d="M268 396Q200 410 212 500Q220 560 272 566" fill="none" stroke="${p.dark}" stroke-width="22"/>
<path d="M268 320H532L548 604Q550 632 522 632H278Q250 632 252 604Z" fill="${p.main}"/>
<rect x="258" y="450" width="284" height="40" fill="${p.accent}" opacity=".85"/>
<rect x="280" y="340" width="16" height="250" rx="8" fill="#fff" opacity=".3"/>`,

  toolbox: (p) => `
<path d="M322 288V236Q322 220 338 220H462Q478 220 478 236V288" fill="none" stroke="${INK}" stroke-width="22"/>
<path d="M206 356L232 286H568L594 356Z" fill="${shade(p.main, 0.12)}"/>
<rect x="190" y="350" width="420" height="280" rx="22" fill="${p.main}"/>
<rect x="190" y="350" width="420" height="40" fill="${p.dark}" opacity=".35"/>
<rect x="252" y="336" width="44" height="62" rx="8" fill="${p.metal}"/><rect x="504" y="336" width="44" height="62" rx="8" fill="${p.metal}"/>
<rect x="190" y="470" width="420" height="14" fill="${p.dark}" opacity=".3"/>
<rect x="340" y="510" width="120" height="60" rx="10" fill="${p.accent}"/>
<rect x="208" y="404" width="14" height="200" rx="7" fill="#fff" opacity=".22"/>`,

  shears: (p) => `
<g transform="rotate(-20 400 420)">
<path d="M392 420L300 640Q292 660 310 664L342 668Q360 670 364 652L420 430Z" fill="${p.main}"/>
<path d="M408 420L500 640Q508 660 490 664L458 668Q440 670 436 652L380 430Z" fill="${p.dark}"/>
<path d="M390 430L350 200Q346 170 372 168Q392 168 398 196L412 420Z" fill="${p.metal}"/>
<path d="M410 430L452 226Q458 198 436 192Q416 190 408 214L388 420Z" fill="${p.metalDark}"/>
<circle cx="400" cy="424" r="22" fill="${INK}"/><circle cx="400" cy="424" r="8" fill="${p.metal}"/>
<path d="M320 600L352 520" stroke="#fff" stroke-width="8" stroke-linecap="round" opacity=".3"/></g>`,
};

// Colours each kind can take (main colours); tyres and similar keep realistic tones.
const MAINS: Record<string, readonly string[]> = {
  headphones: ['#2b2d33', '#f1efe9', '#3a5a8c', '#b8a48c', '#7d8b99', '#c85d6e'],
  speaker: ['#2b2d33', '#2f6bd8', '#d94848', '#2a9d8f', '#7b5cd6', '#e9a23b'],
  phone: ['#2b2d33', '#eeeae2', '#5b6f91', '#c9b6d9', '#9ec2b0'],
  camera: ['#2b2d33', '#3b3d44', '#8c7b6a'],
  watch: ['#2b2d33', '#d66a7a', '#3d6fb5', '#8fbf9f', '#e7d9c8'],
  blender: ['#2b2d33', '#c0392b', '#e8e6e1', '#3b6e8f'],
  laptop: ['#c9ced6', '#aab1bd', '#e0ddd5', '#7e8796'],
  keyboard: ['#2b2d33', '#e6e4de', '#3a4f6b', '#c7cbd1'],
  monitor: ['#2b2d33', '#f4f4f2'],
  mouse: ['#2b2d33', '#e6e4de', '#5a6372', '#d4c7b3'],
  lamp: ['#2b2d33', '#e8e6e1', '#2a9d8f', '#c0392b', '#d9a441'],
  jacket: ['#2b2d33', '#c0392b', '#27406b', '#3d7a5a', '#e9a23b', '#8c6f5a'],
  sneaker: ['#f4f4f2', '#2b2d33', '#3d7dd8', '#d94848', '#b8b1a5'],
  hoodie: ['#5a6372', '#27406b', '#a0505a', '#4f7d5c', '#d9c7ae'],
  tshirt: ['#f4f4f2', '#2b2d33', '#27406b', '#c85d6e', '#6c8f5e'],
  backpack: ['#27406b', '#c0392b', '#e9a23b', '#3d7a5a', '#5a6372', '#d97d4b'],
  cap: ['#27406b', '#2b2d33', '#c0392b', '#3d7a5a', '#d9c7ae'],
  lotion: ['#f5f3ef', '#bcdcf2', '#f3c9a8', '#cfe6c6', '#2b2d33'],
  hairdryer: ['#c2185b', '#2b2d33', '#e8e6e1', '#6c5ce7', '#d4a5a5'],
  toothbrush: ['#f4f4f2', '#2b2d33', '#e8a3b8', '#7fb5d8'],
  perfume: ['#e7548f', '#f2b33d', '#8a63d2', '#2bb3a3', '#d98b5f'],
  creamjar: ['#f5f3ef', '#e7a9bd', '#9cc3e6', '#b7d7b0', '#2b2d33'],
  tyre: ['#c9ced6', '#aeb5bf', '#3b3d44', '#d8c3a0'],
  battery: ['#2b2d33', '#3b3d44', '#27406b'],
  dashcam: ['#2b2d33', '#3b3d44', '#5a6372'],
  jug: ['#2b2d33', '#c0392b', '#2f6bd8', '#e9a23b', '#2a9d8f'],
  jumpstarter: ['#e9a23b', '#2b2d33', '#c0392b', '#3b3d44'],
  carvac: ['#e9a23b', '#2b2d33', '#c0392b', '#e8e6e1'],
  coffeebag: ['#2b2d33', '#a0522d', '#27406b', '#c0392b', '#3d7a5a', '#d9c7ae'],
  jar: ['#d8931f', '#8b4a2b', '#c0392b', '#6b3e26'],
  bottle: ['#6b8e23', '#8a5a2b', '#2b2d33', '#3d7a5a'],
  box: ['#e76f51', '#2a9d8f', '#c0392b', '#27406b', '#8a63d2', '#3f9b4b'],
  can: ['#c0392b', '#2a9d8f', '#27406b', '#e9a23b', '#3f9b4b'],
  drill: ['#f2b33d', '#c0392b', '#2a8fbd', '#3f9b4b', '#2b2d33'],
  plant: ['#e07a5f', '#f4f1ea', '#2b2d33', '#c9ada7', '#81b29a'],
  wateringcan: ['#2a9d8f', '#e76f51', '#3d7dd8', '#c9ced6', '#3f9b4b'],
  toolbox: ['#c0392b', '#f2b33d', '#2b2d33', '#2a8fbd'],
  shears: ['#e76f51', '#c0392b', '#2b2d33', '#3f9b4b'],
};

export const ITEM_KINDS = Object.keys(DRAWINGS);

/** The drawings that suit each category (at least three per category). */
export const CATEGORY_KINDS: Record<CategorySlug, readonly string[]> = {
  automotive: ['tyre', 'battery', 'dashcam', 'jug', 'jumpstarter', 'carvac'],
  'beauty-health': ['lotion', 'hairdryer', 'toothbrush', 'perfume', 'creamjar'],
  clothing: ['jacket', 'sneaker', 'hoodie', 'tshirt', 'backpack', 'cap'],
  'computer-office': ['laptop', 'keyboard', 'monitor', 'mouse', 'lamp', 'backpack'],
  electronics: ['headphones', 'speaker', 'phone', 'camera', 'watch', 'blender'],
  'food-grocery': ['coffeebag', 'jar', 'bottle', 'box', 'can'],
  'garden-tools': ['drill', 'plant', 'wateringcan', 'toolbox', 'shears'],
};

export interface IllustrationStyle {
  category: CategorySlug;
  kind: string;
  paint: Paint;
  backdrop: number;
  /** Decorative circles: [cx, cy, r]. */
  dots: [number, number, number][];
}

/** Picks a colour scheme for one product (the same across its photos). */
export function pickStyle(rng: Rng, category: CategorySlug, kind: string): IllustrationStyle {
  const main = rng.pick(MAINS[kind] ?? ['#5b6f91']);
  const [metal, metalDark] = rng.pick(METALS);
  const isDarkMain = hexToRgb(main).reduce((s, c) => s + c, 0) < 200;
  const paint: Paint = {
    main,
    dark: isDarkMain ? shade(main, -0.45) : shade(main, -0.3),
    light: isDarkMain ? shade(main, 0.3) : shade(main, 0.45),
    accent: rng.pick(ACCENTS),
    metal,
    metalDark,
  };
  const dots: [number, number, number][] = [];
  const count = rng.int(2, 4);
  for (let i = 0; i < count; i++) {
    const left = rng.chance(0.5);
    dots.push([left ? rng.int(40, 190) : rng.int(610, 760), rng.int(60, 300), rng.int(22, 70)]);
  }
  return { category, kind, paint, backdrop: rng.int(0, 2), dots };
}

/**
 * One product photo as SVG. `view` varies the shot: 0 straight on, 1 mirrored with
 * another backdrop, 2 a closer look.
 */
export function renderIllustration(style: IllustrationStyle, view = 0): string {
  const draw = DRAWINGS[style.kind];
  if (draw === undefined) throw new Error(`unknown illustration kind: ${style.kind}`);
  const backdrops = BACKDROPS[style.category];
  const [from, to, blob] = backdrops[(style.backdrop + view) % backdrops.length] ?? backdrops[0]!;
  const angle = view === 1 ? 'x1="1" y1="0" x2="0" y2="1"' : 'x1="0" y1="0" x2="1" y2="1"';
  let transform = '';
  if (view === 1) transform = 'translate(800 0) scale(-1 1)';
  if (view === 2) transform = 'translate(400 420) scale(1.22) translate(-400 -400)';
  const dots = style.dots
    .map(([cx, cy, r]) => `<circle cx="${view === 1 ? 800 - cx : cx}" cy="${cy}" r="${r}" fill="${blob}"/>`)
    .join('');
  const shadow =
    view === 2 ? '' : '<ellipse cx="400" cy="640" rx="240" ry="22" fill="#1d2433" opacity=".13"/>';
  const body = draw(style.paint).replace(/\n/g, '').replace(/>\s+</g, '><');
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 800 800" width="800" height="800"><defs><linearGradient id="bg" ${angle}><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient><radialGradient id="glow" cx=".5" cy=".45" r=".5"><stop offset="0" stop-color="#fff" stop-opacity=".6"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient></defs><rect width="800" height="800" fill="url(#bg)"/>${dots}<circle cx="400" cy="400" r="340" fill="url(#glow)"/><rect y="596" width="800" height="204" fill="#fff" opacity=".14"/>${shadow}<g${transform ? ` transform="${transform}"` : ''}>${body}</g></svg>`;
}
