/**
 * The charts of 'Report dati', drawn by Apache ECharts (only the charts and components used, SVG renderer:
 * crisp on screen and in print). Loaded on demand by ./Grafico.tsx, in its own chunk, which the service
 * worker never precaches (vite.config.ts): no other page pays for it. The Italy map is fetched once from
 * /data/regioni-italia.json (scripts/geo/README.md) and registered as 'italia'.
 */
import { BarChart, LineChart, MapChart, PieChart } from 'echarts/charts'
import { AriaComponent, GridComponent, LegendComponent, TooltipComponent, VisualMapComponent } from 'echarts/components'
import * as echarts from 'echarts/core'
import { SVGRenderer } from 'echarts/renderers'
import type { SpecGrafico } from '../../lib/report-dati'

echarts.use([BarChart, LineChart, MapChart, PieChart, AriaComponent, GridComponent, LegendComponent, TooltipComponent, VisualMapComponent, SVGRenderer])

export type { SpecGrafico }

/** Colours with at least 4.5:1 contrast on white (WCAG 1.4.11 asks 3:1 for graphics). */
export const COLORI = ['#0066CC', '#00703C', '#A84700', '#7A3E9D', '#5C6F82']
const NUMERO = new Intl.NumberFormat('it-IT')
const TESTO = { color: '#1A1A1A', fontFamily: 'Titillium Web, Geneva, Tahoma, sans-serif' }

let mappa: Promise<void> | undefined
function caricaMappa(): Promise<void> {
  mappa ??= fetch('/data/regioni-italia.json').then(async (r) => {
    if (!r.ok) throw new Error(`mappa: ${r.status}`)
    echarts.registerMap('italia', await r.json() as Parameters<typeof echarts.registerMap>[1])
  }).catch((e: unknown) => { mappa = undefined; throw e })
  return mappa
}

function opzioni(spec: SpecGrafico): echarts.EChartsCoreOption {
  const base = {
    animation: false,
    color: COLORI,
    textStyle: TESTO,
    aria: { enabled: true, label: { enabled: true, description: spec.descrizione } },
    tooltip: { trigger: spec.tipo === 'linee' || spec.tipo === 'barre' ? 'axis' : 'item', valueFormatter: (v: unknown) => NUMERO.format(Number(v)) },
  }
  if (spec.tipo === 'mappa') {
    const valori = spec.serie[0]?.valori ?? []
    return {
      ...base,
      visualMap: { min: 0, max: Math.max(1, ...valori), left: 'left', bottom: 0, text: ['Più servizi', 'Meno servizi'], textStyle: TESTO, calculable: false, inRange: { color: ['#D6E6F7', '#003D7A'] } },
      series: [{
        type: 'map', map: 'italia', name: spec.serie[0]?.nome ?? '', roam: false, aspectScale: 0.85,
        itemStyle: { borderColor: '#33485C', borderWidth: 0.6, areaColor: '#F2F5F8' },
        emphasis: { label: { show: false }, itemStyle: { areaColor: '#FFB400' } },
        data: spec.categorie.map((name, i) => ({ name, value: valori[i] ?? 0 })),
      }],
    }
  }
  if (spec.tipo === 'torta') {
    const valori = spec.serie[0]?.valori ?? []
    return {
      ...base,
      legend: { bottom: 0, textStyle: TESTO },
      series: [{
        type: 'pie', name: spec.serie[0]?.nome ?? '', radius: ['35%', '65%'], top: 0, bottom: 40,
        itemStyle: { borderColor: '#FFFFFF', borderWidth: 2 }, label: { color: '#1A1A1A', formatter: '{b}: {d}%' },
        data: spec.categorie.map((name, i) => ({ name, value: valori[i] ?? 0 })),
      }],
    }
  }
  const orizzontale = spec.tipo === 'barre'
  const categorie = { type: 'category' as const, data: orizzontale ? [...spec.categorie].reverse() : spec.categorie, axisLabel: { color: '#1A1A1A', width: 160, overflow: 'truncate' as const } }
  const valori = { type: 'value' as const, minInterval: 1, axisLabel: { color: '#1A1A1A', formatter: (v: number) => NUMERO.format(v) } }
  return {
    ...base,
    legend: spec.serie.length > 1 ? { top: 0, textStyle: TESTO } : undefined,
    grid: { left: 8, right: 24, top: spec.serie.length > 1 ? 36 : 12, bottom: 8, containLabel: true },
    xAxis: orizzontale ? valori : categorie,
    yAxis: orizzontale ? categorie : valori,
    series: spec.serie.map((s) => ({
      type: orizzontale ? 'bar' : 'line', name: s.nome, data: orizzontale ? [...s.valori].reverse() : s.valori,
      ...(orizzontale ? { barMaxWidth: 28 } : { symbolSize: 6, showSymbol: spec.categorie.length < 60 }),
    })),
  }
}

/** Draws `spec` into `el`; the returned handle resizes and disposes the chart. */
export async function disegna(el: HTMLElement, spec: SpecGrafico): Promise<{ resize(): void; dispose(): void }> {
  if (spec.tipo === 'mappa') await caricaMappa()
  const chart = echarts.init(el, undefined, { renderer: 'svg' })
  chart.setOption(opzioni(spec))
  return { resize: () => chart.resize(), dispose: () => chart.dispose() }
}
