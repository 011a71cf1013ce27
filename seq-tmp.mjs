const base = 'http://127.0.0.1:4470';
const kind = process.argv[2] ?? 'product';
const n = Number(process.argv[3] ?? 200);
const times = [];
for (let i = 0; i < n; i++) {
  const id = 1 + (i % 150);
  const path = kind === 'product' ? `/en/single-product/${id}?r=${Math.random()}` : kind === 'listing' ? `/en/products?category=${1 + (i % 4)}&sort=price_asc&page=1&r=${Math.random()}` : `/api/health?r=${i}`;
  const t = performance.now();
  const res = await fetch(base + path, { headers: { 'accept-encoding': 'br' } });
  await res.arrayBuffer();
  times.push(performance.now() - t);
}
times.sort((a, b) => a - b);
console.log(kind, 'n', n, 'best', times[0].toFixed(1), 'p50', times[Math.floor(n / 2)].toFixed(1), 'p90', times[Math.floor(n * 0.9)].toFixed(1));
