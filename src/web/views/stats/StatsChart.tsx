import { STATS_STATUSES, type StatsStatus } from '../../../contract/constants/stats.ts'
import { SCAN_SCREEN_MSG } from '../../../contract/messages/stats.ts'
import type { StatsChartDay } from '../../../contract/schemas/stats.ts'

/** An SVG coordinate to a tenth of a pixel (SVG's own number syntax, not shown to people). */
const svgCoord = (n: number) => String(Math.round(n * 10) / 10)

const WIDTH = 720
const HEIGHT = 200
const PAD = { left: 40, right: 24, top: 12, bottom: 28 }
const COLOR: Record<StatsStatus, string> = { received_by_re: '#1d4ed8', back_in_poland: '#c2410c' }

/** A round upper bound for the axis: 1, 2, 5 × 10ⁿ at or above the largest count. */
function niceMax(n: number) {
  if (n <= 0) return 1
  const p = 10 ** Math.floor(Math.log10(n))
  return [1, 2, 5, 10].map((m) => m * p).find((m) => m >= n)!
}

/**
 * The last days of both kinds as two lines (the chosen kind drawn bold), in plain SVG: no chart
 * library for two polylines. Loaded lazily with the statistics screen's chart card.
 */
export default function StatsChart({ days, emphasis }: { days: readonly StatsChartDay[]; emphasis: StatsStatus }) {
  const max = niceMax(Math.max(...days.flatMap((d) => STATS_STATUSES.map((s) => d[s]))))
  const w = WIDTH - PAD.left - PAD.right
  const h = HEIGHT - PAD.top - PAD.bottom
  const x = (i: number) => PAD.left + (days.length <= 1 ? 0 : (i * w) / (days.length - 1))
  const y = (v: number) => PAD.top + h - (v / max) * h
  const label = (day: string) => `${day.slice(8, 10)}.${day.slice(5, 7)}`
  return (
    <figure className="stats-chart" data-testid="stats-chart" data-days={days.length}>
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} width="100%" role="img" aria-label={`${SCAN_SCREEN_MSG.chartTitle(days.length)}: ${STATS_STATUSES.map((s) => SCAN_SCREEN_MSG.choice[s]).join(', ')}`}>
        {[0, max / 2, max].map((v) => (
          <g key={v}>
            <line x1={PAD.left} x2={WIDTH - PAD.right} y1={y(v)} y2={y(v)} stroke="#e5e7eb" />
            <text x={PAD.left - 6} y={y(v) + 4} fontSize="11" textAnchor="end" fill="#6b7280">
              {v}
            </text>
          </g>
        ))}
        {days.map((d, i) =>
          i % 7 === days.length % 7 || i === days.length - 1 ? (
            <text key={d.day} x={x(i)} y={HEIGHT - 8} fontSize="11" textAnchor="middle" fill="#6b7280">
              {label(d.day)}
            </text>
          ) : null,
        )}
        {STATS_STATUSES.map((s) => (
          <polyline
            key={s}
            data-series={s}
            fill="none"
            stroke={COLOR[s]}
            strokeWidth={s === emphasis ? 2.5 : 1.2}
            strokeOpacity={s === emphasis ? 1 : 0.6}
            points={days.map((d, i) => `${svgCoord(x(i))},${svgCoord(y(d[s]))}`).join(' ')}
          >
            <title>{SCAN_SCREEN_MSG.choice[s]}</title>
          </polyline>
        ))}
      </svg>
      <figcaption>
        {STATS_STATUSES.map((s) => (
          <span key={s} className="stats-legend" style={{ color: COLOR[s], fontWeight: s === emphasis ? 600 : 400 }}>
            ■ {SCAN_SCREEN_MSG.choice[s]}{' '}
          </span>
        ))}
      </figcaption>
    </figure>
  )
}
