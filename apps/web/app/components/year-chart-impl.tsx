import { Bar, BarChart, CartesianGrid, ReferenceLine, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

const monthName = (month: string) => new Date(`${month}-01T00:00:00Z`).toLocaleDateString('en-US', { month: 'short', timeZone: 'UTC' });

/** Recharts bars of the monthly price index (100 = the year's usual price). Loaded lazily (see ai-price-hunter-year.tsx). */
export default function YearChartImpl({ months }: { months: Array<{ month: string; index: number }> }) {
  return (
    <ResponsiveContainer width="100%" height="100%">
      <BarChart data={months} margin={{ top: 8, right: 8, bottom: 0, left: 0 }} accessibilityLayer={false}>
        <CartesianGrid stroke="#e7e5e4" vertical={false} />
        <XAxis dataKey="month" tickFormatter={monthName} tick={{ fontSize: 12, fill: '#57534e' }} tickLine={false} axisLine={{ stroke: '#d6d3d1' }} />
        <YAxis
          width={40}
          domain={['dataMin - 5', 'dataMax + 5']}
          tick={{ fontSize: 12, fill: '#57534e' }}
          tickLine={false}
          axisLine={false}
          allowDecimals={false}
        />
        <ReferenceLine y={100} stroke="#78716c" strokeDasharray="4 4" />
        <Tooltip
          formatter={(v) => [Number(v).toFixed(1), 'Price index']}
          labelFormatter={(m) => monthName(String(m))}
          contentStyle={{ borderRadius: 8, borderColor: '#d6d3d1', fontSize: 13 }}
        />
        <Bar dataKey="index" fill="oklch(0.5 0.2 265)" isAnimationActive={false} />
      </BarChart>
    </ResponsiveContainer>
  );
}
