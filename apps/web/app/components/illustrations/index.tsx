import type { ComponentType } from 'react';
import { Art, Outline, Shadow, brassLight, tealLight, white } from './art.tsx';
import { BasinShape, BathScreenShape, BathShape, SuiteShape, ToiletShape, VanityShape } from './bathroom.tsx';
import { AccessoriesShape, FanShape, MirrorShape, TilesShape } from './finishing.tsx';
import { RadiatorShape, TowelRailShape, ValveShape } from './heating.tsx';
import { FittingsShape, SealantShape, WasteShape } from './plumbing.tsx';
import { EnclosureShape, ShowerShape, TapShape, TrayShape } from './water.tsx';

/** Used for a category the catalogue adds before it gets its own drawing: a water drop. */
const DropShape = () => (
  <Outline>
    <path d="M80 16C80 16 52 50 52 70A28 28 0 0 0 108 70C108 50 80 16 80 16Z" fill={tealLight} />
    <path d="M66 70A14 14 0 0 0 80 84" fill="none" stroke={white} strokeWidth={4} />
    <circle cx={112} cy={30} r={6} fill={brassLight} />
  </Outline>
);

interface Drawing {
  Shape: ComponentType;
  /** Wall-mounted things cast no floor shadow. */
  floor: boolean;
}

/** One drawing per category of the seed catalogue (docs/domain.md §2), by slug. */
const drawings: Record<string, Drawing> = {
  'bathroom-suites': { Shape: SuiteShape, floor: true },
  toilets: { Shape: ToiletShape, floor: true },
  basins: { Shape: BasinShape, floor: true },
  'vanity-units': { Shape: VanityShape, floor: false },
  baths: { Shape: BathShape, floor: true },
  'bath-screens-panels': { Shape: BathScreenShape, floor: true },
  showers: { Shape: ShowerShape, floor: false },
  'shower-enclosures': { Shape: EnclosureShape, floor: true },
  'shower-trays': { Shape: TrayShape, floor: true },
  taps: { Shape: TapShape, floor: true },
  radiators: { Shape: RadiatorShape, floor: true },
  'towel-rails': { Shape: TowelRailShape, floor: false },
  'heating-controls-valves': { Shape: ValveShape, floor: false },
  'plumbing-fittings': { Shape: FittingsShape, floor: false },
  'wastes-traps': { Shape: WasteShape, floor: false },
  tiles: { Shape: TilesShape, floor: false },
  'bathroom-accessories': { Shape: AccessoriesShape, floor: false },
  'mirrors-lighting': { Shape: MirrorShape, floor: false },
  'extractor-fans': { Shape: FanShape, floor: false },
  'sealants-tools': { Shape: SealantShape, floor: true },
};

export const hasIllustration = (slug: string): boolean => slug in drawings;

export function CategoryIllustration({ slug, className }: { slug: string; className?: string }) {
  const { Shape, floor } = drawings[slug] ?? { Shape: DropShape, floor: true };
  return (
    <Art className={className}>
      {floor && <Shadow />}
      <Shape />
    </Art>
  );
}

export { HeroIllustration } from './hero.tsx';
export { LogoMark } from './logo.tsx';
