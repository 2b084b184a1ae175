/// <reference lib="dom" />
import type { Locator } from 'playwright-core';

/** The relative luminance (0 black, 1 white) of a computed `rgb(…)` colour, as WCAG defines it. */
export function luminance(color: string): number {
  const [r = 0, g = 0, b = 0] = (color.match(/[\d.]+/g) ?? []).map(Number).map((channel) => {
    const value = channel / 255;
    return value <= 0.04045 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG's contrast ratio of two computed colours, from 1 to 21. */
export function contrastRatio(first: string, second: string): number {
  const [light, dark] = [luminance(first), luminance(second)].sort((a, b) => b - a) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/**
 * The computed `property` colour (text `color`, an icon's `fill`) of what `locator` finds, and the first
 * opaque background behind it, the way a reader sees the two together.
 */
export function coloursOf(
  locator: Locator,
  property: 'color' | 'fill',
): Promise<{ foreground: string; background: string }> {
  return locator.evaluate((element, name) => {
    const foreground = getComputedStyle(element).getPropertyValue(name);
    let background = 'rgb(255, 255, 255)';
    for (let node: Element | null = element; node; node = node.parentElement) {
      const color = getComputedStyle(node).backgroundColor;
      if (color !== 'transparent' && !/rgba\(.*,\s*0\)$/.test(color)) {
        background = color;
        break;
      }
    }
    return { foreground, background };
  }, property);
}
