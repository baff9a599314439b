import { Outline, brass, brassLight, ink, teal, tealLight, white } from './art.tsx';

export const ShowerShape = () => (
  <Outline>
    <path d="M62 18V80" strokeWidth={3.5} />
    <path d="M62 18H98V25" fill="none" />
    <path d="M82 31C82 27 90 25 98 25C106 25 114 27 114 31Z" fill={brassLight} />
    <path d="M88 38L86 50M98 38V54M108 38L110 50M93 58L92 64M104 58L105 64" stroke={teal} strokeWidth={2.5} />
    <rect x={34} y={80} width={84} height={12} rx={6} fill={white} />
    <circle cx={42} cy={86} r={8} fill={brass} />
    <circle cx={110} cy={86} r={8} fill={white} />
    <path d="M110 81V86" />
  </Outline>
);

export const EnclosureShape = () => (
  <Outline>
    <path d="M36 100V16H124V100" fill={tealLight} fillOpacity={0.55} />
    <path d="M36 16Q80 26 124 16" fill="none" />
    <path d="M80 22V104" />
    <circle cx={80} cy={34} r={5} fill={brassLight} />
    <path d="M46 30L60 44M46 42L52 48M96 30L110 44" stroke={white} strokeWidth={3} />
    <rect x={73} y={54} width={3} height={18} rx={1.5} fill={brass} />
    <rect x={84} y={54} width={3} height={18} rx={1.5} fill={brass} />
    <path d="M30 96Q80 110 130 96V102Q80 116 30 102Z" fill={white} />
  </Outline>
);

export const TrayShape = () => (
  <Outline>
    <path d="M104 78L136 50V58L104 86Z" fill={tealLight} />
    <path d="M22 78H104V86H22Z" fill={white} />
    <path d="M22 78L54 50H136L104 78Z" fill={white} />
    <path d="M34 74L58 54H124L100 74Z" fill={tealLight} fillOpacity={0.5} stroke="none" />
    <ellipse cx={80} cy={64} rx={8} ry={4} fill={brassLight} />
    <path d="M75 64H85" />
  </Outline>
);

export const TapShape = () => (
  <Outline>
    <path d="M120 62V98" stroke={teal} strokeWidth={3} strokeDasharray="5 6" />
    <rect x={62} y={94} width={36} height={7} rx={2} fill={brassLight} />
    <path d="M70 94V46Q70 36 80 36H84Q94 36 94 46V94Z" fill={white} />
    <path d="M94 48H116Q124 48 124 56V60H114V58H94Z" fill={white} />
    <path d="M80 36L68 18" stroke={ink} strokeWidth={7} />
    <path d="M80 36L68 18" stroke={brass} strokeWidth={3} />
    <path d="M76 50V84" stroke={tealLight} strokeWidth={3} />
  </Outline>
);
