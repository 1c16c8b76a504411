import { useId } from 'react';

export interface BannerIllustrationProps {
  readonly label: string;
  readonly className?: string;
}

function Tree({
  x,
  y,
  scale = 1,
  fill,
}: {
  readonly x: number;
  readonly y: number;
  readonly scale?: number;
  readonly fill: string;
}) {
  return (
    <g transform={`translate(${x} ${y}) scale(${scale})`}>
      <rect x="-3" y="-6" width="6" height="14" fill="#3b2a1e" />
      <path d="M0-62 18-20H9l15 16H-24L-9-20h-9z" fill={fill} />
    </g>
  );
}

function House({
  x,
  y,
  wall,
  roof,
}: {
  readonly x: number;
  readonly y: number;
  readonly wall: string;
  readonly roof: string;
}) {
  return (
    <g transform={`translate(${x} ${y})`}>
      <rect x="0" y="-48" width="86" height="48" fill={wall} />
      <path d="M-8-46 43-82l51 36z" fill={roof} />
      <rect x="14" y="-34" width="18" height="16" fill="#f8d48a" />
      <rect x="54" y="-34" width="18" height="34" fill="#6b4f3a" />
    </g>
  );
}

function Inspector({
  x,
  y,
  vest,
  flip = false,
}: {
  readonly x: number;
  readonly y: number;
  readonly vest: string;
  readonly flip?: boolean;
}) {
  return (
    <g transform={`translate(${x} ${y}) scale(${flip ? -1 : 1} 1)`}>
      <rect x="-7" y="-30" width="6" height="30" rx="2" fill="#2c3440" />
      <rect x="1" y="-30" width="6" height="30" rx="2" fill="#2c3440" />
      <rect x="-11" y="-66" width="22" height="38" rx="6" fill={vest} />
      <rect x="-11" y="-52" width="22" height="4" fill="#f4f1ea" />
      <circle cx="0" cy="-76" r="9" fill="#c68863" />
      <path d="M-11-78a11 10 0 0 1 22 0z" fill="#f59e0b" />
      <rect x="10" y="-62" width="14" height="18" rx="2" fill="#f4f1ea" transform="rotate(12 17 -53)" />
      <path d="M13-57h8M13-52h8" stroke="#4a5550" strokeWidth="1.5" transform="rotate(12 17 -53)" />
    </g>
  );
}

/** The landing banner's picture: inspectors walking a street, checking defensible space below a smoky ridge. */
export function BannerIllustration({ label, className }: BannerIllustrationProps) {
  const id = useId();
  const sky = `${id}-sky`;
  const haze = `${id}-haze`;
  return (
    <svg
      className={className}
      viewBox="0 0 1200 520"
      width="1200"
      height="520"
      preserveAspectRatio="xMidYMid slice"
      role="img"
      aria-label={label}
      focusable="false"
    >
      <defs>
        <linearGradient id={sky} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#27334a" />
          <stop offset="0.55" stopColor="#9a4a2a" />
          <stop offset="1" stopColor="#f0a24a" />
        </linearGradient>
        <radialGradient id={haze} cx="0.78" cy="0.42" r="0.5">
          <stop offset="0" stopColor="#f8d48a" stopOpacity="0.55" />
          <stop offset="1" stopColor="#f8d48a" stopOpacity="0" />
        </radialGradient>
      </defs>
      <rect width="1200" height="520" fill={`url(#${sky})`} />
      <rect width="1200" height="520" fill={`url(#${haze})`} />
      <circle cx="930" cy="215" r="38" fill="#fbe3b0" opacity="0.85" />
      <path
        d="M870 40c40 30 10 70 60 90s20 70 70 80c-60 10-120-20-130-70s-40-60 0-100z"
        fill="#6a5a66"
        opacity="0.45"
      />
      <path d="M0 300 140 230l120 40 150-90 170 100 130-60 160 80 140-70 190 90v200H0z" fill="#5b4a63" opacity="0.8" />
      <path d="M0 340 180 280l160 50 170-70 200 90 160-40 150 50 180-60v220H0z" fill="#2f4a3a" />
      {[40, 95, 150, 215, 280, 640, 700, 760, 830, 905, 980, 1050, 1120, 1170].map((x, index) => (
        <Tree
          key={x}
          x={x}
          y={352 - (index % 3) * 8}
          scale={0.9 + (index % 4) * 0.12}
          fill={index % 2 ? '#1f3d2b' : '#24472f'}
        />
      ))}
      <path d="M0 380c200-30 420-20 620-8s380 10 580-14v162H0z" fill="#6b8f4e" />
      <path d="M300 392c120-14 300-12 470 0l40 128H250z" fill="#c9b98f" />
      <path d="M0 470c300-40 800-40 1200-10v60H0z" fill="#8a8378" />
      <path
        d="M0 488c300-30 800-30 1200-6"
        stroke="#f4f1ea"
        strokeWidth="4"
        strokeDasharray="28 22"
        fill="none"
        opacity="0.7"
      />
      <House x={340} y={440} wall="#f4f1ea" roof="#4a5550" />
      <House x={560} y={436} wall="#e8dcc4" roof="#6b4f3a" />
      <Tree x={490} y={420} scale={0.6} fill="#2e7d32" />
      <Tree x={730} y={418} scale={0.55} fill="#2e7d32" />
      <Inspector x={800} y={470} vest="#c2410c" />
      <Inspector x={850} y={474} vest="#1f5134" flip />
      <Inspector x={905} y={470} vest="#0f4c81" />
    </svg>
  );
}
