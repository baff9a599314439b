import { Outline, brass, brassLight, copper, teal, white } from './art.tsx';

const COLUMNS = Array.from({ length: 9 }, (_, index) => 26 + index * 12);
const RUNGS = [22, 34, 46, 58, 70, 82, 94];

export const RadiatorShape = () => (
  <Outline>
    <rect x={16} y={84} width={10} height={7} rx={2} fill={brass} />
    <rect x={134} y={84} width={10} height={7} rx={2} fill={brass} />
    <rect x={34} y={92} width={6} height={12} fill={white} />
    <rect x={120} y={92} width={6} height={12} fill={white} />
    {COLUMNS.map((x) => (
      <rect key={x} x={x} y={26} width={9} height={68} rx={4.5} fill={white} />
    ))}
    <path d="M26 36H133M26 84H133" strokeWidth={1.5} />
  </Outline>
);

export const TowelRailShape = () => (
  <Outline>
    {RUNGS.map((y) => (
      <rect key={y} x={52} y={y} width={56} height={4} rx={2} fill={white} />
    ))}
    <path d="M60 32H100V72Q90 79 80 72Q70 65 60 72Z" fill={brassLight} />
    <path d="M60 62H100" stroke={brass} strokeWidth={2} />
    <rect x={44} y={12} width={9} height={92} rx={4.5} fill={white} />
    <rect x={107} y={12} width={9} height={92} rx={4.5} fill={white} />
  </Outline>
);

export const ValveShape = () => (
  <Outline>
    <rect x={14} y={84} width={52} height={10} fill={copper} />
    <rect x={64} y={78} width={30} height={22} rx={4} fill={brassLight} />
    <rect x={86} y={98} width={12} height={16} fill={copper} />
    <rect x={68} y={28} width={22} height={50} rx={9} fill={white} />
    <path d="M73 40H85M73 48H85M73 56H85M73 64H85" strokeWidth={1.5} />
    <circle cx={124} cy={52} r={20} fill={white} />
    <circle cx={124} cy={52} r={12} fill="none" stroke={teal} strokeWidth={3} />
    <circle cx={124} cy={40} r={2.5} fill={brass} stroke="none" />
  </Outline>
);
