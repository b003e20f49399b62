/**
 * The character drawn as SVG: DiceBear's "Lorelei" artwork (CC0 design by Lisa Wischofsky, MIT code;
 * docs/AVATAR.md) chosen and coloured from the character's appearance, with mouths for each viseme
 * and closed eyelids drawn here in the same line style, since Lorelei's own mouths are expressions
 * (smiles, pouts) rather than speech shapes.
 *
 * Coordinates are Lorelei's 980×980 canvas; the mouth and eye positions were measured by
 * rasterising the artwork with and without each part.
 */
import { createAvatar } from '@dicebear/core';
import * as lorelei from '@dicebear/lorelei';
import type { Appearance } from '../../runtime/db/entities/character.js';
import type { Viseme } from './visemes.js';

export type CharacterAppearance = Appearance;
/** One value of each of Lorelei's list options. */
type LoreleiOptions = { [K in 'hair' | 'eyes' | 'head']: NonNullable<lorelei.Options[K]>[number] };

const CANVAS = 980;
const MOUTH = { x: 570, y: 616 };
/** Closed lids: a lash line across each eye (left eye is the larger one: the face is turned). */
const CLOSED_LIDS = ['M410 458 Q468 496 530 456', 'M626 452 Q664 482 704 448'];
/** The rows eyes occupy (with lashes), for renderers that swap only the eyes. */
export const EYE_BAND = { top: 395, bottom: 512 };

const HAIR: Record<Appearance['hairStyle'], LoreleiOptions['hair'] & string> = {
  short: 'variant01',
  long: 'variant15',
  curly: 'variant05',
  ponytail: 'variant31',
  bun: 'variant38',
  bald: 'variant25',
};
const EYES: Record<Appearance['style'], LoreleiOptions['eyes'] & string> = {
  realistic: 'variant12',
  cartoon: 'variant24',
  anime: 'variant09',
  pixel: 'variant12',
};
/** Lorelei has one head outline; the face shape is given by its head variant and proportions. */
const FACE: Record<Appearance['faceShape'], { head: LoreleiOptions['head'] & string; scaleX: number; scaleY: number }> = {
  oval: { head: 'variant01', scaleX: 1, scaleY: 1 },
  round: { head: 'variant02', scaleX: 1.1, scaleY: 0.95 },
  square: { head: 'variant03', scaleX: 1.06, scaleY: 0.98 },
  heart: { head: 'variant04', scaleX: 0.93, scaleY: 1.04 },
};

interface MouthShape {
  width: number;
  height: number;
  round?: boolean;
  teethTop?: boolean;
  teethBottom?: boolean;
  tongue?: 'low' | 'high' | 'tip';
}

const MOUTHS: Record<Exclude<Viseme, 'rest' | 'MBP'>, MouthShape> = {
  AA: { width: 120, height: 78, teethTop: true, tongue: 'low' },
  E: { width: 136, height: 42, teethTop: true, teethBottom: true },
  I: { width: 126, height: 26, teethTop: true, teethBottom: true },
  O: { width: 78, height: 76, round: true, tongue: 'low' },
  U: { width: 54, height: 50, round: true },
  WQ: { width: 44, height: 38, round: true },
  FV: { width: 116, height: 24, teethTop: true },
  L: { width: 106, height: 56, teethTop: true, tongue: 'high' },
  CH: { width: 86, height: 40, round: true, teethTop: true, teethBottom: true },
  TH: { width: 112, height: 32, teethTop: true, tongue: 'tip' },
};

export interface FacePose {
  viseme: Viseme;
  eyesClosed: boolean;
}

/** The SVG of the character in one pose, filling `width`×`height` (the face centred, background around). */
export function faceSvg(appearance: Appearance, pose: FacePose, width: number, height: number): string {
  const hex = (c: string) => c.replace('#', '').toLowerCase();
  const face = FACE[appearance.faceShape];
  const ownMouth = pose.viseme !== 'rest';
  const avatar = createAvatar(lorelei, {
    seed: 'companion',
    hair: [HAIR[appearance.hairStyle]],
    hairColor: [hex(appearance.hairColor)],
    head: [face.head],
    skinColor: [hex(appearance.skinColor)],
    // Closed: no eyes at all (some variants have highlights that keep their colour), lids drawn below.
    eyes: [pose.eyesClosed ? 'variant24' : EYES[appearance.style]],
    eyesColor: [pose.eyesClosed ? 'transparent' : hex(appearance.eyeColor)],
    eyebrows: ['variant01'],
    eyebrowsColor: [hex(appearance.hairColor)],
    nose: ['variant01'],
    mouth: ['happy01'],
    mouthColor: [ownMouth ? 'transparent' : '000000'],
    glassesProbability: 0,
    beardProbability: 0,
    earringsProbability: 0,
    frecklesProbability: 0,
    hairAccessoriesProbability: 0,
    backgroundColor: ['transparent'],
  }).toString();
  const side = Math.min(width, height);
  const x = (width - side) / 2;
  const y = (height - side) / 2;
  const c = CANVAS / 2;
  const shape = `translate(${c} ${c}) scale(${face.scaleX} ${face.scaleY}) translate(${-c} ${-c})`;
  const inner = avatar.replace('<svg ', `<svg x="0" y="0" width="${CANVAS}" height="${CANVAS}" `);
  const extras = [
    appearance.style === 'realistic' || appearance.style === 'anime' ? cheeks() : '',
    pose.viseme !== 'rest' ? mouthSvg(pose.viseme) : '',
    pose.eyesClosed ? closedLids() : '',
  ].join('');
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">` +
    `<rect width="${width}" height="${height}" fill="${appearance.backgroundColor}"/>` +
    `<svg x="${x}" y="${y}" width="${side}" height="${side}" viewBox="0 0 ${CANVAS} ${CANVAS}">` +
    `<g transform="${shape}">${inner}${extras}</g></svg></svg>`
  );
}

function cheeks(): string {
  return '<ellipse cx="440" cy="575" rx="42" ry="22" fill="#ff6b6b" opacity="0.18"/><ellipse cx="690" cy="560" rx="26" ry="18" fill="#ff6b6b" opacity="0.18"/>';
}

function closedLids(): string {
  return CLOSED_LIDS.map((d) => `<path d="${d}" stroke="#000" stroke-width="9" stroke-linecap="round" fill="none"/>`).join('');
}

function mouthSvg(viseme: Exclude<Viseme, 'rest'>): string {
  const { x, y } = MOUTH;
  if (viseme === 'MBP') {
    return `<path d="M${x - 58} ${y} Q${x} ${y + 12} ${x + 58} ${y - 2}" stroke="#000" stroke-width="11" stroke-linecap="round" fill="none"/>`;
  }
  const m = MOUTHS[viseme];
  const w = m.width / 2;
  const top = y - m.height * 0.3;
  const bottom = y + m.height * 0.7;
  const outline = m.round
    ? `M${x} ${top} C${x + w * 1.33} ${top} ${x + w * 1.33} ${bottom} ${x} ${bottom} C${x - w * 1.33} ${bottom} ${x - w * 1.33} ${top} ${x} ${top} Z`
    : `M${x - w} ${y} C${x - w * 0.6} ${top - m.height * 0.15} ${x + w * 0.6} ${top - m.height * 0.15} ${x + w} ${y} ` +
      `C${x + w * 0.7} ${bottom + m.height * 0.3} ${x - w * 0.7} ${bottom + m.height * 0.3} ${x - w} ${y} Z`;
  const id = `mouth-${viseme}`;
  const parts: string[] = [];
  const band = Math.max(8, m.height * 0.22);
  if (m.teethTop)
    parts.push(`<rect x="${x - w}" y="${top - m.height * 0.2}" width="${m.width}" height="${band + m.height * 0.2}" fill="#fff"/>`);
  if (m.teethBottom)
    parts.push(`<rect x="${x - w}" y="${bottom - band}" width="${m.width}" height="${band + m.height * 0.3}" fill="#fff"/>`);
  if (m.tongue === 'low') parts.push(`<ellipse cx="${x}" cy="${bottom}" rx="${w * 0.7}" ry="${m.height * 0.3}" fill="#d9606b"/>`);
  if (m.tongue === 'high')
    parts.push(`<ellipse cx="${x}" cy="${top + m.height * 0.25}" rx="${w * 0.55}" ry="${m.height * 0.22}" fill="#d9606b"/>`);
  if (m.tongue === 'tip')
    parts.push(`<ellipse cx="${x}" cy="${y + m.height * 0.15}" rx="${w * 0.45}" ry="${m.height * 0.28}" fill="#d9606b"/>`);
  return (
    `<defs><clipPath id="${id}"><path d="${outline}"/></clipPath></defs>` +
    `<path d="${outline}" fill="#4a1010"/>` +
    `<g clip-path="url(#${id})">${parts.join('')}</g>` +
    `<path d="${outline}" fill="none" stroke="#000" stroke-width="7" stroke-linejoin="round"/>`
  );
}

/** Where the eye band lies in a `width`×`height` picture drawn by faceSvg, in pixel rows. */
export function eyeRows(width: number, height: number): { top: number; bottom: number } {
  const side = Math.min(width, height);
  const y = (height - side) / 2;
  // The widest vertical stretch of any face shape, so a blink covers the lids of every shape.
  const c = CANVAS / 2;
  const scales = Object.values(FACE).map((f) => f.scaleY);
  const top = Math.min(...scales.map((s) => c + (EYE_BAND.top - c) * s));
  const bottom = Math.max(...scales.map((s) => c + (EYE_BAND.bottom - c) * s));
  return { top: Math.floor(y + (top / CANVAS) * side), bottom: Math.ceil(y + (bottom / CANVAS) * side) };
}
