import { Outline, brass, brassLight, copper, ink, sand, teal, tealLight, white } from './art.tsx';

/** A copper pipe: a dark stroke under a copper one reads as an outlined tube. */
const Pipe = ({ d }: { d: string }) => (
  <>
    <path d={d} fill="none" stroke={ink} strokeWidth={15} />
    <path d={d} fill="none" stroke={copper} strokeWidth={10} />
  </>
);

export const FittingsShape = () => (
  <Outline>
    <Pipe d="M18 86H62Q76 86 76 72V20" />
    <Pipe d="M96 98H148M122 98V56" />
    <rect x={54} y={77} width={12} height={18} rx={2} fill={brass} />
    <rect x={67} y={26} width={18} height={12} rx={2} fill={brass} />
    <rect x={110} y={88} width={24} height={20} rx={3} fill={brassLight} />
    <rect x={113} y={60} width={18} height={12} rx={2} fill={brass} />
  </Outline>
);

export const WasteShape = () => (
  <Outline>
    <rect x={92} y={54} width={46} height={14} rx={3} fill={white} />
    <rect x={70} y={20} width={14} height={30} fill={white} />
    <rect x={60} y={44} width={34} height={50} rx={12} fill={white} />
    <path d="M60 80H94" strokeWidth={1.5} />
    <rect x={64} y={14} width={26} height={8} rx={3} fill={brassLight} />
    <ellipse cx={34} cy={36} rx={18} ry={6} fill={brassLight} />
    <rect x={30} y={40} width={8} height={30} fill={white} />
    <path d="M28 70H40" />
  </Outline>
);

export const SealantShape = () => (
  <Outline>
    <path d="M20 98Q30 92 40 98T60 98T80 98" fill="none" stroke={teal} strokeWidth={4} />
    <rect x={22} y={34} width={76} height={26} rx={5} fill={white} />
    <rect x={44} y={34} width={30} height={26} fill={tealLight} />
    <path d="M98 40L130 46L98 54Z" fill={white} />
    <rect x={14} y={38} width={8} height={18} rx={2} fill={brass} />
    <circle cx={122} cy={88} r={16} fill={white} />
    <circle cx={122} cy={88} r={6} fill={sand} />
  </Outline>
);
