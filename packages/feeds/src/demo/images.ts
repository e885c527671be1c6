/**
 * Product and logo images of the demo catalogue: an SVG silhouette per shape (dress, coat,
 * shoe, bag, ring, bottle, tent, …) filled with the product colour on a light background and
 * varied by a pattern or accent, rasterised by sharp (librsvg) to 480×480 WebP at quality 70.
 */
import sharp from 'sharp';
import type { Shape } from './catalogue-data.ts';

/** Image edge in pixels. */
export const IMAGE_SIZE = 480;

const circle = (cx: number, cy: number, r: number) => `M${cx - r} ${cy}a${r} ${r} 0 1 0 ${2 * r} 0a${r} ${r} 0 1 0 ${-2 * r} 0Z`;
const rect = (x: number, y: number, w: number, h: number, r = 0) =>
  r
    ? `M${x + r} ${y}h${w - 2 * r}a${r} ${r} 0 0 1 ${r} ${r}v${h - 2 * r}a${r} ${r} 0 0 1 ${-r} ${r}h${-(w - 2 * r)}a${r} ${r} 0 0 1 ${-r} ${-r}v${-(h - 2 * r)}a${r} ${r} 0 0 1 ${r} ${-r}Z`
    : `M${x} ${y}h${w}v${h}h${-w}Z`;
const shoe = 'M70 330C70 300 90 250 120 250L190 240C220 280 270 290 330 300C380 310 420 320 420 350V370H70Z';

/** Silhouette path data (480×480 box, even-odd fill) per shape. */
const SHAPES: Record<Shape, string> = {
  coat: 'M190 70L240 110L290 70L360 100L400 250L370 260L350 180V420H130V180L110 260L80 250L120 100Z',
  jacket: 'M185 90L240 120L295 90L370 120L410 270L375 280L355 200V350H125V200L105 280L70 270L110 120Z',
  dress: 'M200 60H280L290 130L270 180L370 420H110L210 180L190 130Z',
  tshirt: 'M180 80Q240 120 300 80L400 130L370 200L330 180V400H150V180L110 200L80 130Z',
  shirt: 'M190 70L240 100L290 70L380 110L400 300L360 305L345 180V410H135V180L120 305L80 300L100 110Z',
  sweater: 'M175 80Q240 110 305 80L380 110L410 330L370 340L340 190V400H140V190L110 340L70 330L100 110Z',
  tank: 'M190 70H215Q240 130 265 70H290Q300 150 330 180V410H150V180Q180 150 190 70Z',
  trousers: 'M150 70H330L360 420H260L240 180L220 420H120Z',
  skirt: 'M180 110H300L380 380H100Z',
  shorts: 'M140 120H340L370 320H260L240 230L220 320H110Z',
  sportsbra: 'M150 120L190 110L240 170L290 110L330 120L350 260H130Z',
  swimsuit: 'M180 80H210L240 180L270 80H300L320 220L290 300L340 400H140L190 300L160 220Z',
  socks: 'M170 60H270V260L360 330Q380 380 330 400L200 400Q160 390 170 340Z',
  bottle: `${rect(215, 60, 50, 60, 6)}${rect(160, 120, 160, 290, 30)}`,
  lipstick: `${rect(190, 250, 100, 160, 8)}${rect(205, 170, 70, 80, 4)}M215 170V100L265 70V170Z`,
  mascara: `${rect(205, 60, 70, 120, 20)}${rect(195, 180, 90, 230, 30)}`,
  palette: `${rect(90, 140, 300, 200, 24)}${circle(160, 205, 32)}${circle(240, 205, 32)}${circle(320, 205, 32)}${circle(160, 285, 32)}${circle(240, 285, 32)}${circle(320, 285, 32)}`,
  compact: `${circle(240, 250, 150)}${circle(240, 250, 110)}`,
  tube: 'M180 60H300V100L320 380Q240 420 160 380L180 100Z',
  jar: `${rect(130, 150, 220, 60, 12)}${rect(115, 210, 250, 190, 40)}`,
  perfume: `${rect(210, 70, 60, 70, 8)}${rect(225, 140, 30, 30)}${rect(130, 170, 220, 230, 36)}`,
  hairdryer: `${circle(190, 200, 110)}M300 160H420V240H300ZM160 310H230L250 430H190Z`,
  tote: `M170 170Q170 70 240 70Q310 70 310 170H290Q290 95 240 95Q190 95 190 170ZM110 170H370L390 420H90Z`,
  handbag: `M180 200Q180 100 240 100Q300 100 300 200H280Q280 125 240 125Q200 125 200 200ZM100 200H380Q400 300 380 400H100Q80 300 100 200Z`,
  clutch: `${rect(80, 170, 320, 170, 30)}M80 210L240 290L400 210V240L240 320L80 240Z`,
  backpack: `M200 60H280Q300 60 300 90V110H180V90Q180 60 200 60ZM140 110H340Q380 110 380 160V410H100V160Q100 110 140 110Z${rect(160, 280, 160, 90, 16)}`,
  wallet: `${rect(90, 150, 300, 200, 24)}${rect(260, 210, 130, 80, 14)}`,
  suitcase: `${rect(200, 40, 80, 60, 16)}${rect(120, 90, 240, 310, 30)}${circle(160, 420, 18)}${circle(320, 420, 18)}`,
  beltbag: `M60 230L140 210H340L420 230V250L340 240V330Q240 380 140 330V240L60 250Z`,
  necklace: `M140 90Q240 330 340 90L355 95Q250 360 240 360Q230 360 125 95Z${circle(240, 370, 36)}`,
  earring: `${circle(170, 140, 22)}M162 160H178V220H162Z${circle(170, 290, 70)}${circle(170, 290, 40)}${circle(320, 140, 22)}M312 160H328V220H312Z${circle(320, 290, 70)}${circle(320, 290, 40)}`,
  ring: `${circle(240, 280, 130)}${circle(240, 280, 100)}M200 100L280 100L300 150L240 180L180 150Z`,
  bracelet: `${circle(240, 250, 160)}${circle(240, 250, 120)}`,
  watch: `${rect(195, 40, 90, 400, 30)}${circle(240, 240, 100)}`,
  onesie: 'M170 70Q240 110 310 70L400 120L370 190L320 170V330L280 410H200L160 330V170L110 190L80 120Z',
  sneaker: `${shoe}M70 370H420V395H70Z`,
  heel: 'M90 330Q110 250 160 250Q240 280 330 200L410 200Q420 250 380 270L370 400H350L350 290Q250 340 150 360Q90 370 90 330Z',
  flat: 'M70 330Q70 260 170 260Q240 290 340 280Q420 280 420 330Q420 370 340 370H140Q70 370 70 330Z',
  boot: 'M180 60H310V300Q400 310 420 350V390H130V300Q180 290 180 250Z',
  sandal: `M70 340Q70 310 110 310H380Q420 310 420 340Q420 370 380 370H110Q70 370 70 340ZM150 250H250V310H220V275H180V310H150Z${rect(280, 260, 40, 50)}`,
  toy: `${circle(240, 330, 100)}${circle(240, 150, 80)}${circle(156, 76, 28)}${circle(324, 76, 28)}`,
  stroller: `M120 120Q120 60 200 60H330V240H120Z${rect(120, 240, 250, 40)}M350 100L400 60L410 70L360 110Z${circle(160, 360, 40)}${circle(340, 360, 40)}`,
  tent: 'M240 70L430 400H50ZM240 220L180 400H300Z',
  racket: `${circle(240, 170, 120)}${circle(240, 170, 100)}M225 290H255V440H225Z`,
  helmet: 'M80 320Q80 100 240 100Q400 100 400 320H340Q330 260 240 260Q150 260 140 320Z',
  skate: `${rect(60, 230, 360, 50, 25)}${circle(130, 320, 30)}${circle(350, 320, 30)}`,
  mat: `${rect(70, 200, 300, 180, 10)}${circle(380, 220, 60)}${circle(380, 220, 30)}`,
  goggles: `${rect(80, 200, 140, 100, 40)}${rect(260, 200, 140, 100, 40)}M220 240H260V260H220ZM40 240H80V260H40ZM400 240H440V260H400Z`,
  dumbbell: `${rect(90, 160, 60, 180, 12)}${rect(330, 160, 60, 180, 12)}${rect(150, 225, 180, 50)}`,
};

/** Shapes whose inner sub-paths are holes (even-odd fill); the others fill every sub-path. */
const EVEN_ODD = new Set<Shape>(['compact', 'ring', 'bracelet', 'racket', 'earring', 'palette', 'mat', 'backpack', 'wallet']);

const BACKGROUNDS = ['#f6f4ef', '#f1f4f6', '#f5f1f3', '#f0f3ee', '#f7f5ec', '#eef1f6'];
const ACCENTS = ['#ffffff', '#1f1f22', '#c9a43a', '#c0262d', '#1f4fb8', '#e8b4b0'];

function shade(hex: string, factor: number): string {
  const n = parseInt(hex.slice(1), 16);
  const c = (v: number) => Math.max(0, Math.min(255, Math.round(v * factor)));
  return `#${[(n >> 16) & 255, (n >> 8) & 255, n & 255].map((v) => c(v).toString(16).padStart(2, '0')).join('')}`;
}

/**
 * The SVG of one product image. `pattern` 0..5 picks plain, stripes, dots, an accent band,
 * checks or a sheen; `variant` (any integer) shifts background and accent so products differ.
 */
export function productSvg(shape: Shape, hex: string, pattern: number, variant: number): string {
  const d = SHAPES[shape];
  const rule = EVEN_ODD.has(shape) ? 'evenodd' : 'nonzero';
  const bg = BACKGROUNDS[variant % BACKGROUNDS.length] as string;
  const accent = ACCENTS[(variant >> 3) % ACCENTS.length] as string;
  const line = shade(hex, 0.65);
  const overlays: Record<number, string> = {
    0: '',
    1: `<pattern id="p" width="28" height="28" patternUnits="userSpaceOnUse" patternTransform="rotate(${(variant % 4) * 45})"><rect width="10" height="28" fill="${accent}" opacity=".35"/></pattern>`,
    2: `<pattern id="p" width="34" height="34" patternUnits="userSpaceOnUse"><circle cx="17" cy="17" r="${4 + (variant % 5)}" fill="${accent}" opacity=".45"/></pattern>`,
    3: '',
    4: `<pattern id="p" width="40" height="40" patternUnits="userSpaceOnUse"><rect width="20" height="20" fill="${accent}" opacity=".25"/><rect x="20" y="20" width="20" height="20" fill="${accent}" opacity=".25"/></pattern>`,
    5: '',
  };
  const fill = overlays[pattern] ? '<rect width="480" height="480" fill="url(#p)"/>' : '';
  const band = pattern === 3 ? `<rect y="${200 + (variant % 7) * 12}" width="480" height="36" fill="${accent}" opacity=".6"/>` : '';
  const sheen =
    pattern === 5 ? `<ellipse cx="${170 + (variant % 9) * 10}" cy="170" rx="70" ry="150" fill="#ffffff" opacity=".22" transform="rotate(-25 240 240)"/>` : '';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="480" viewBox="0 0 480 480"><defs><clipPath id="s"><path clip-rule="${rule}" d="${d}"/></clipPath>${overlays[pattern] ?? ''}</defs><rect width="480" height="480" fill="${bg}"/><ellipse cx="240" cy="440" rx="170" ry="14" fill="#000" opacity=".07"/><path fill-rule="${rule}" d="${d}" fill="${hex}" stroke="${line}" stroke-width="4"/><g clip-path="url(#s)">${fill}${band}${sheen}</g></svg>`;
}

/** Renders an SVG (at its own size) to WebP, quality 70 with the fastest encoder effort, and writes it to `file`. */
export async function renderWebp(svg: string, file: string): Promise<void> {
  await sharp(Buffer.from(svg)).removeAlpha().webp({ quality: 70, effort: 0 }).toFile(file);
}

/** A small merchant logo: a rounded tile in the merchant's colour with a geometric mark. */
export function logoSvg(hex: string, mark: number): string {
  const marks = [circle(64, 64, 30), 'M34 94L64 34L94 94Z', rect(36, 36, 56, 56, 8), `${circle(64, 64, 32)}${circle(64, 64, 18)}`, 'M30 64L64 30L98 64L64 98Z'];
  return `<svg xmlns="http://www.w3.org/2000/svg" width="128" height="128" viewBox="0 0 128 128"><rect width="128" height="128" rx="24" fill="${hex}"/><path fill-rule="evenodd" d="${marks[mark % marks.length]}" fill="#ffffff" opacity=".9"/></svg>`;
}
