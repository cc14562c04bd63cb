import { useEffect, useRef } from 'react';
import { BarController, BarElement, CategoryScale, Chart, Legend, LinearScale, Tooltip } from 'chart.js';

// Only the pieces a bar chart needs (Chart.js is tree-shaken): this file is its own chunk, loaded by
// the reports page alone, so no customer page and no other back-office page carries it.
Chart.register(BarController, BarElement, CategoryScale, LinearScale, Tooltip, Legend);

/** Colours with at least 3:1 against white, told apart by lightness too. */
const COLOURS = ['#0f5c8a', '#b45309', '#15803d', '#7c3aed', '#be123c', '#0e7490', '#4d7c0f', '#a16207'];

/**
 * A bar chart (stacked when there are several series). The table beside it says the same in words,
 * so the canvas is described for screen readers by its label and a pointer to that table.
 */
export default function ReportChart({
  labels,
  series,
  label,
  stacked = false,
}: {
  labels: string[];
  series: { name: string; values: number[] }[];
  label: string;
  stacked?: boolean;
}) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    const element = canvas.current;
    if (!element) return;
    // Chart.js draws text with its own default face (Helvetica, Arial): on a computer without a Thai
    // face of its own the Thai legend (branch names) was empty boxes. It draws with the page's faces
    // (Sarabun for Thai; the system's for Chinese) once they have come for the words it draws.
    const family = getComputedStyle(element).fontFamily;
    const words = [...labels, ...series.map((s) => s.name)].join(' ');
    let chart: Chart | undefined;
    let gone = false;
    void Promise.all(['12px', 'bold 12px'].map((font) => document.fonts.load(`${font} ${family}`, words)))
      .catch(() => undefined)
      .then(() => {
        if (gone) return;
        Chart.defaults.font.family = family;
        element.dataset.drawn = 'true';
        chart = new Chart(element, {
          type: 'bar',
          data: {
            labels,
            datasets: series.map((s, i) => ({
              label: s.name,
              data: s.values,
              backgroundColor: COLOURS[i % COLOURS.length],
            })),
          },
          options: {
            responsive: true,
            maintainAspectRatio: false,
            animation: false,
            scales: { x: { stacked }, y: { stacked, beginAtZero: true } },
            plugins: { legend: { display: series.length > 1, position: 'bottom' } },
          },
        });
      });
    return () => {
      gone = true;
      chart?.destroy();
    };
  }, [labels, series, stacked]);
  return (
    <div className="relative h-64 w-full">
      <canvas ref={canvas} role="img" aria-label={label} data-testid="report-chart" />
    </div>
  );
}
