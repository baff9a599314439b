import type { ReactNode } from 'react';

// Line icons on a 24px grid, drawn with the current text colour. Always decorative: the control
// that holds an icon carries the accessible name.
function lineIcon(paths: ReactNode) {
  return function Icon({ className = 'size-5' }: { className?: string }) {
    return (
      <svg
        className={className}
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.75"
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden="true"
      >
        {paths}
      </svg>
    );
  };
}

export const CloseIcon = lineIcon(<path d="M6 6l12 12M18 6 6 18" />);
export const MenuIcon = lineIcon(<path d="M4 7h16M4 12h16M4 17h16" />);
export const SearchIcon = lineIcon(
  <>
    <circle cx="11" cy="11" r="6.5" />
    <path d="m16 16 4.5 4.5" />
  </>,
);
export const UserIcon = lineIcon(
  <>
    <circle cx="12" cy="8" r="4" />
    <path d="M4.5 20.5c.8-3.9 3.8-6 7.5-6s6.7 2.1 7.5 6" />
  </>,
);
export const HeartIcon = lineIcon(<path d="M12 20s-7.5-4.6-7.5-10.2A4.3 4.3 0 0 1 12 7.3a4.3 4.3 0 0 1 7.5 2.5C19.5 15.4 12 20 12 20Z" />);
export const BasketIcon = lineIcon(
  <>
    <path d="M3.5 9.5h17l-1.6 9.1a2 2 0 0 1-2 1.6H7.1a2 2 0 0 1-2-1.6L3.5 9.5Z" />
    <path d="m8.5 9.5 3-6M15.5 9.5l-3-6M9.5 13.5v3M14.5 13.5v3" />
  </>,
);
export const CardIcon = lineIcon(
  <>
    <rect x="3" y="5.5" width="18" height="13" rx="2" />
    <path d="M3 10h18M7 14.5h4" />
  </>,
);
export const ChevronRightIcon = lineIcon(<path d="m9 5 7 7-7 7" />);
export const ChevronLeftIcon = lineIcon(<path d="m15 5-7 7 7 7" />);
export const ChevronDownIcon = lineIcon(<path d="m6 9 6 6 6-6" />);
export const ArrowRightIcon = lineIcon(<path d="M4.5 12h15M13.5 6l6 6-6 6" />);
export const TruckIcon = lineIcon(
  <>
    <path d="M2.5 6.5h11v10h-11zM13.5 10h4l3 3.2v3.3h-7" />
    <circle cx="7" cy="17.5" r="1.8" />
    <circle cx="17" cy="17.5" r="1.8" />
  </>,
);
export const ReturnIcon = lineIcon(
  <>
    <path d="M9 8.5H16a4.5 4.5 0 0 1 0 9h-5.5" />
    <path d="m12 5-3.5 3.5L12 12" />
  </>,
);
export const TagIcon = lineIcon(
  <>
    <path d="M3.5 12.3V4.5a1 1 0 0 1 1-1h7.8l8.2 8.2a1.5 1.5 0 0 1 0 2.1l-6.6 6.6a1.5 1.5 0 0 1-2.1 0L3.5 12.3Z" />
    <circle cx="8.2" cy="8.2" r="1.4" />
  </>,
);
export const RecycleIcon = lineIcon(
  <>
    <path d="M7.2 19.5H4.8a1.5 1.5 0 0 1-1.3-2.2l2.6-4.6M10.5 6.2l1.3-2.2a1.5 1.5 0 0 1 2.6 0l2.7 4.7M16.8 19.5h2.5a1.5 1.5 0 0 0 1.3-2.2l-1.3-2.3" />
    <path d="m3.6 10.3 2.5 2.4 3.2-.9M14.2 9.5l3.2-.8.9-3.3M13.6 22l-2.5-2.5 2.5-2.4" />
  </>,
);
export const DownloadIcon = lineIcon(<path d="M12 4v11m0 0-4.5-4.5M12 15l4.5-4.5M5 19.5h14" />);
export const CheckIcon = lineIcon(<path d="m5 12.5 4.5 4.5L19 7.5" />);
export const HelpIcon = lineIcon(
  <>
    <circle cx="12" cy="12" r="8.5" />
    <path d="M9.6 9.6a2.5 2.5 0 1 1 3.4 2.3c-.6.3-1 .8-1 1.5v.6M12 16.8v.2" />
  </>,
);
export const LockIcon = lineIcon(
  <>
    <rect x="5" y="10.5" width="14" height="9.5" rx="2" />
    <path d="M8.5 10.5V8a3.5 3.5 0 0 1 7 0v2.5" />
  </>,
);
