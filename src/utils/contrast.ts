/** WCAG 2.2 contrast (1.4.3): relative luminance of '#rrggbb' or 'rgba(r, g, b, a)' over white. */
function channels(colour: string): [number, number, number] {
  const hex = /^#([0-9a-f]{6})$/i.exec(colour);
  if (hex) return [0, 2, 4].map((i) => Number.parseInt(hex[1].slice(i, i + 2), 16)) as [number, number, number];
  const rgba = /^rgba?\(\s*(\d+),\s*(\d+),\s*(\d+)(?:,\s*([\d.]+))?\s*\)$/.exec(colour);
  if (!rgba) throw new Error(`Not a colour: ${colour}`);
  const alpha = rgba[4] === undefined ? 1 : Number(rgba[4]);
  // A translucent text colour is drawn over white (the page and card background).
  return [1, 2, 3].map((i) => Math.round(Number(rgba[i]) * alpha + 255 * (1 - alpha))) as [number, number, number];
}

function luminance(colour: string): number {
  const [r, g, b] = channels(colour).map((value) => {
    const c = value / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** The contrast ratio of two colours, 1 to 21. */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light + 0.05) / (dark + 0.05);
}

/** Black or white text, whichever contrasts more with `background` (e.g. a teacher's colour). */
export function readableTextOn(background: string): '#000' | '#fff' {
  return contrastRatio(background, '#000000') >= contrastRatio(background, '#ffffff') ? '#000' : '#fff';
}
