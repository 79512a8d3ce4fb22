/**
 * Brand palette (features/organization/branding.ts): brand-coloured text stays readable (WCAG AA, 4.5:1) on every
 * surface colour of the theme, whatever brand colour an organization picks. The surfaces are read from
 * src/styles/tokens.css so a new, lighter surface token fails here.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { contrastRatio, deriveBrandPalette, parseHexColor } from '../../src/features/organization/branding';
const tokens = readFileSync(join(process.cwd(), 'src/styles/tokens.css'), 'utf8');
const surfaces = [...tokens.matchAll(/--color-(bg|surface(?:-\d)?):\s*(#[0-9a-f]{6})/gi)].map((m) => ({ name: m[1], hex: m[2] }));

describe('brand palette', () => {
  it('reads the four surface colours of the theme', () => {
    expect(surfaces.map((s) => s.name)).toEqual(['bg', 'surface', 'surface-2', 'surface-3']);
  });

  // The demo brand, the default, and brands that are dark, saturated or already light.
  for (const brand of ['#0055A4', '#e10600', '#002b5c', '#0000ff', '#1b5e20', '#6a1b9a', '#ffcc00', '#ffffff', '#000000']) {
    it(`text in ${brand} is lightened until it reaches 4.5:1 on every surface`, () => {
      const { brandText } = deriveBrandPalette(brand);
      for (const surface of surfaces) {
        expect(
          contrastRatio(parseHexColor(brandText)!, parseHexColor(surface.hex)!),
          `${brandText} on ${surface.name}`,
        ).toBeGreaterThanOrEqual(4.5);
      }
    });
  }

  it('keeps a light brand colour as it is for text, and uses ink on it', () => {
    expect(deriveBrandPalette('#ffcc00')).toEqual({ brand: '#ffcc00', onBrand: '#0b0f17', brandText: '#ffcc00' });
  });

  it('falls back to the default blue for an invalid colour', () => {
    expect(deriveBrandPalette('not-a-colour').brand).toBe('#3d5a80');
  });
});
