/** A side-view illustration of a race car or a road car in the given colours (decorative SVG). */
import type { Car } from '../../../contracts/cars';

/** Renders the illustration (aria-hidden; the card's heading names the car). */
export function CarIllustration({ car }: { car: Car }) {
  const { body, accent } = car.colors;
  return (
    <svg viewBox="0 0 320 140" className="car-card__art" aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id={`sky-${car.id}`} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#1c2433" />
          <stop offset="1" stopColor="#0b0f17" />
        </linearGradient>
      </defs>
      <rect width="320" height="140" fill={`url(#sky-${car.id})`} />
      <path d="M0 118h320" stroke="#2e3a50" strokeWidth="2" />
      <path d="M20 126h60M120 126h40M200 126h90" stroke="#253045" strokeWidth="3" strokeLinecap="round" />
      {car.kind === 'race' ? (
        <g>
          <path d="M28 100h264l-6-12-70-8-30-18h-22l-14 16-92 4-26 8z" fill={body} />
          <path d="M150 62h20l8 14h-34z" fill="#0b0f17" />
          <path d="M262 70h30v8h-30zM272 78h6v16h-6z" fill={accent} />
          <path d="M20 88h26v6H20zM30 94h6v8h-6z" fill={accent} />
          <path d="M60 96h170" stroke={accent} strokeWidth="4" />
          <circle cx="72" cy="104" r="16" fill="#111" />
          <circle cx="72" cy="104" r="6" fill="#555" />
          <circle cx="246" cy="104" r="16" fill="#111" />
          <circle cx="246" cy="104" r="6" fill="#555" />
        </g>
      ) : (
        <g>
          <path d="M36 104c0-14 10-22 26-24l40-4c14-16 34-26 64-26 30 0 50 10 66 26l38 6c14 2 22 10 22 22z" fill={body} />
          <path d="M112 76c12-12 30-18 54-18 22 0 38 6 50 18z" fill="#0b0f17" opacity="0.85" />
          <path d="M164 58v18" stroke={body} strokeWidth="4" />
          <path d="M46 92h20M262 92h18" stroke={accent} strokeWidth="4" strokeLinecap="round" />
          <path d="M70 98h190" stroke={accent} strokeWidth="2" opacity="0.7" />
          <circle cx="86" cy="106" r="17" fill="#111" />
          <circle cx="86" cy="106" r="7" fill="#9aa4b5" />
          <circle cx="246" cy="106" r="17" fill="#111" />
          <circle cx="246" cy="106" r="7" fill="#9aa4b5" />
        </g>
      )}
    </svg>
  );
}
