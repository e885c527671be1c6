import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

const monthDay = (day: string) => new Date(`${day}T00:00:00Z`).toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });

/** Recharts lines of events and browsers per day (operator dashboard). Loaded lazily. */
export default function AnalyticsChartImpl({ perDay }: { perDay: Array<{ day: string; events: number; browsers: number }> }) {
  return (
    <ResponsiveContainer width="100%" height="100%">
      <LineChart data={perDay} margin={{ top: 8, right: 8, bottom: 0, left: 0 }} accessibilityLayer={false}>
        <CartesianGrid stroke="#e7e5e4" vertical={false} />
        <XAxis dataKey="day" tickFormatter={monthDay} minTickGap={30} tick={{ fontSize: 12, fill: '#57534e' }} tickLine={false} />
        <YAxis width={48} allowDecimals={false} tick={{ fontSize: 12, fill: '#57534e' }} tickLine={false} axisLine={false} />
        <Tooltip labelFormatter={(d) => monthDay(String(d))} contentStyle={{ borderRadius: 8, borderColor: '#d6d3d1', fontSize: 13 }} />
        <Legend />
        <Line type="monotone" dataKey="events" name="Events" stroke="oklch(0.5 0.2 265)" strokeWidth={2} dot={false} isAnimationActive={false} />
        <Line type="monotone" dataKey="browsers" name="Browsers" stroke="oklch(0.52 0.2 20)" strokeWidth={2} dot={false} isAnimationActive={false} />
      </LineChart>
    </ResponsiveContainer>
  );
}
