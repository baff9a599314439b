import { Outline, brass, brassLight, sand, teal, tealLight, white } from './art.tsx';

const GRID = [0, 1, 2, 3].flatMap((column) => [0, 1, 2].map((row) => ({ column, row })));
const tileFill = (column: number, row: number) => ((column + row) % 3 === 0 ? teal : (column + row) % 2 ? tealLight : white);

export const TilesShape = () => (
  <Outline>
    {GRID.map(({ column, row }) => (
      <rect key={`${column}-${row}`} x={30 + column * 26} y={16 + row * 26} width={22} height={22} rx={2} fill={tileFill(column, row)} />
    ))}
    <path d="M96 104L132 92L138 100L102 112Z" fill={brassLight} />
    <path d="M120 96L128 84" strokeWidth={4} />
  </Outline>
);

export const AccessoriesShape = () => (
  <Outline>
    <path d="M26 26V40Q26 48 34 48" fill="none" strokeWidth={4} />
    <rect x={20} y={18} width={12} height={8} rx={2} fill={brass} />
    <path d="M54 40H96" strokeWidth={4} />
    <rect x={50} y={34} width={8} height={14} rx={2} fill={brass} />
    <circle cx={80} cy={62} r={20} fill={white} />
    <circle cx={80} cy={62} r={7} fill={sand} />
    <path d="M60 62V96H72" fill="none" />
    <rect x={114} y={50} width={24} height={42} rx={6} fill={tealLight} />
    <rect x={120} y={40} width={12} height={10} rx={2} fill={brass} />
    <path d="M132 43H142" />
  </Outline>
);

export const MirrorShape = () => (
  <Outline>
    <rect x={40} y={12} width={80} height={80} rx={14} fill={tealLight} />
    <rect x={47} y={19} width={66} height={66} rx={9} fill="none" stroke={brassLight} strokeWidth={4} />
    <path d="M56 32L74 50M56 46L64 54" stroke={white} strokeWidth={3.5} />
    <rect x={18} y={30} width={9} height={28} rx={4.5} fill={brassLight} />
    <rect x={133} y={30} width={9} height={28} rx={4.5} fill={brassLight} />
    <rect x={70} y={98} width={20} height={12} rx={2} fill={white} />
    <path d="M76 104H84" />
  </Outline>
);

export const FanShape = () => (
  <Outline>
    <rect x={36} y={22} width={72} height={72} rx={14} fill={white} />
    <circle cx={72} cy={58} r={26} fill={tealLight} />
    <circle cx={72} cy={58} r={17} fill="none" />
    <circle cx={72} cy={58} r={7} fill={brass} />
    <path d="M118 40Q128 44 138 40M118 58Q130 62 144 58M118 76Q128 80 138 76" fill="none" stroke={teal} strokeWidth={3} />
  </Outline>
);
