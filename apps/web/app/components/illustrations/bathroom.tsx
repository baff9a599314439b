import { Outline, brass, brassLight, tealLight, teal, white } from './art.tsx';

export const ToiletShape = () => (
  <Outline>
    <rect x={44} y={26} width={24} height={40} rx={4} fill={white} />
    <rect x={50} y={21} width={12} height={5} rx={2} fill={brass} />
    <rect x={60} y={58} width={56} height={7} rx={3.5} fill={tealLight} />
    <path d="M64 65H113C113 82 101 90 89 90L87 104H67L69 88C65 82 64 74 64 65Z" fill={white} />
  </Outline>
);

export const BasinShape = () => (
  <Outline>
    <path d="M72 70L68 104H92L88 70Z" fill={white} />
    <path d="M40 48H120C120 64 104 74 80 74C56 74 40 64 40 48Z" fill={white} />
    <rect x={36} y={42} width={88} height={8} rx={4} fill={white} />
    <rect x={75} y={28} width={8} height={14} rx={2} fill={brassLight} />
    <path d="M83 31H93V36" fill="none" />
    <path d="M79 28L87 21" strokeWidth={4} />
  </Outline>
);

export const VanityShape = () => (
  <Outline>
    <rect x={44} y={56} width={72} height={42} rx={3} fill={tealLight} />
    <path d="M44 77H116" />
    <path d="M72 66H88M72 88H88" stroke={brass} strokeWidth={3.5} />
    <path d="M52 56C52 47 62 42 80 42C98 42 108 47 108 56Z" fill={white} />
    <rect x={77} y={30} width={6} height={12} rx={2} fill={brassLight} />
    <path d="M83 33H90" />
  </Outline>
);

export const BathShape = () => (
  <Outline>
    <path d="M44 84L39 100H47L51 86M116 84L121 100H113L109 86" fill={brass} />
    <path d="M28 54H132C132 74 118 88 96 88H64C42 88 28 74 28 54Z" fill={white} />
    <rect x={22} y={48} width={116} height={8} rx={4} fill={white} />
    <circle cx={58} cy={41} r={6} fill={white} />
    <circle cx={70} cy={38} r={4.5} fill={tealLight} />
    <circle cx={81} cy={42} r={5} fill={white} />
  </Outline>
);

export const BathScreenShape = () => (
  <Outline>
    <rect x={98} y={12} width={32} height={48} rx={2} fill={tealLight} fillOpacity={0.7} />
    <path d="M106 20L118 32M106 30L112 36" stroke={white} strokeWidth={3} />
    <path d="M98 12V60" stroke={brass} strokeWidth={4} />
    <rect x={18} y={62} width={106} height={38} rx={3} fill={white} />
    <path d="M53 68V94M89 68V94" stroke={teal} />
    <rect x={14} y={56} width={114} height={8} rx={4} fill={white} />
  </Outline>
);

/** A suite is its parts: basin, toilet and bath side by side. */
export const SuiteShape = () => (
  <>
    <g transform="translate(84 45) scale(0.58)">
      <BathShape />
    </g>
    <g transform="translate(-6 45) scale(0.58)">
      <BasinShape />
    </g>
    <g transform="translate(32 38) scale(0.62)">
      <ToiletShape />
    </g>
  </>
);
