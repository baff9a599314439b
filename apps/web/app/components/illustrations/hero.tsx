import { Outline, brass, brassLight, ink, sand, teal, tealLight, white } from './art.tsx';
import { BathShape } from './bathroom.tsx';
import { TowelRailShape } from './heating.tsx';
import { MirrorShape } from './finishing.tsx';

const WALL_TILES = Array.from({ length: 12 }, (_, index) => index);

/**
 * The home page hero: a calm bathroom built from the category drawings (roll-top bath, towel
 * rail, LED mirror) in front of a tiled wall and an arched window. 600×440, decorative.
 */
export function HeroIllustration({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 600 440" className={className} aria-hidden="true" focusable="false">
      <rect width={600} height={440} rx={28} fill="#e3f3f1" />
      {/* Arched window with a view of sky */}
      <path d="M70 200V110A60 60 0 0 1 190 110V200Z" fill={white} stroke={ink} strokeWidth={3} />
      <path d="M82 196V112A48 48 0 0 1 178 112V196Z" fill="#bfe3ef" />
      <path d="M130 64V196M82 150H178" stroke={ink} strokeWidth={3} />
      <circle cx={154} cy={96} r={10} fill={brassLight} />
      {/* Tiled lower wall */}
      <rect x={0} y={250} width={600} height={120} fill={tealLight} />
      {WALL_TILES.map((index) => (
        <path key={index} d={`M${index * 50} 250V370`} stroke={white} strokeWidth={3} />
      ))}
      <path d="M0 290H600M0 330H600" stroke={white} strokeWidth={3} />
      <rect x={0} y={244} width={600} height={8} fill={white} stroke={ink} strokeWidth={3} />
      {/* Floor */}
      <path d="M0 370H600V412A28 28 0 0 1 572 440H28A28 28 0 0 1 0 412Z" fill={sand} />
      <path d="M0 370H600" stroke={ink} strokeWidth={3} />
      {/* Pendant light */}
      <path d="M540 0V50" stroke={ink} strokeWidth={3} />
      <path d="M516 72A24 24 0 0 1 564 72Z" fill={brass} stroke={ink} strokeWidth={3} strokeLinejoin="round" />
      <circle cx={540} cy={78} r={6} fill="#fff6df" stroke={ink} strokeWidth={2.5} />
      {/* Mirror above the bath, towel rail to the right, bath in front */}
      <g transform="translate(214 72) scale(1.5)">
        <MirrorShape />
      </g>
      <g transform="translate(430 150) scale(1.4)">
        <TowelRailShape />
      </g>
      <ellipse cx={334} cy={420} rx={150} ry={10} fill={ink} opacity={0.08} />
      <g transform="translate(150 190) scale(2.3)">
        <BathShape />
      </g>
      {/* Plant in a pot */}
      <Outline transform="translate(-440 0)">
        <path d="M508 330C490 290 470 280 452 276C470 296 482 316 496 334Z" fill={teal} />
        <path d="M520 330C530 286 548 266 570 258C560 286 546 312 532 334Z" fill={teal} />
        <path d="M514 330C508 300 512 270 522 246C532 276 530 306 524 332Z" fill="#6cc5be" />
        <path d="M492 330H546L538 392H500Z" fill={white} />
        <path d="M494 346H544" stroke={brass} strokeWidth={3} />
      </Outline>
    </svg>
  );
}
