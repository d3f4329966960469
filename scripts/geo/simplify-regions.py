# One-off simplification of openpolis/geojson-italy geojson/limits_IT_regions.geojson (CC BY 4.0, ISTAT limits
# as of June 2023) for the 'Report dati' choropleth: Douglas-Peucker at TOL degrees, coordinates rounded to
# 3 decimals, rings smaller than MIN_AREA square degrees dropped, names as the application writes them.
import json, sys
TOL, MIN_AREA = float(sys.argv[1]), float(sys.argv[2])
NAMES = {"Valle d'Aosta/Vallée d'Aoste": "Valle d'Aosta", 'Trentino-Alto Adige/Südtirol': 'Trentino-Alto Adige'}
def dp(pts, tol):
    if len(pts) < 3: return pts
    (x1, y1), (x2, y2) = pts[0], pts[-1]
    dx, dy = x2 - x1, y2 - y1
    n = (dx * dx + dy * dy) ** 0.5
    best, idx = -1, 0
    for i in range(1, len(pts) - 1):
        x, y = pts[i]
        d = abs(dy * x - dx * y + x2 * y1 - y2 * x1) / n if n else ((x - x1) ** 2 + (y - y1) ** 2) ** 0.5
        if d > best: best, idx = d, i
    if best <= tol: return [pts[0], pts[-1]]
    return dp(pts[:idx + 1], tol)[:-1] + dp(pts[idx:], tol)
def area(r):
    return abs(sum(r[i][0] * r[i + 1][1] - r[i + 1][0] * r[i][1] for i in range(len(r) - 1))) / 2
def ring(r):
    # split the closed ring in two halves so that DP keeps its shape
    h = len(r) // 2
    out = dp(r[:h + 1], TOL)[:-1] + dp(r[h:], TOL)
    out = [[round(x, 3), round(y, 3)] for x, y in out]
    return out if len(out) >= 4 else None
sys.setrecursionlimit(100000)
d = json.load(open('regions.geojson'))
feats = []
for f in d['features']:
    g = f['geometry']
    polys = [g['coordinates']] if g['type'] == 'Polygon' else g['coordinates']
    keep = []
    for p in polys:
        if area(p[0]) < MIN_AREA: continue
        rings = [x for x in (ring(r) for r in p) if x]
        if rings: keep.append(rings)
    name = NAMES.get(f['properties']['reg_name'], f['properties']['reg_name'])
    feats.append({'type': 'Feature', 'properties': {'name': name}, 'geometry': {'type': 'MultiPolygon', 'coordinates': keep}})
json.dump({'type': 'FeatureCollection', 'features': feats}, open('out.json', 'w'), separators=(',', ':'), ensure_ascii=False)
