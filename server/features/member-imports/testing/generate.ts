/** A CSV of `count` invented members (`email,name,tier`), every `tierEvery`th one on `tier`. */
export function generatedCsv(count: number, prefix: string, tier = 'Gold', tierEvery = 3) {
  const lines = ['email,name,tier'];
  for (let i = 1; i <= count; i++)
    lines.push(`${prefix}-${i}@example.test,Member ${i},${i % tierEvery === 0 ? tier : ''}`);
  return `${lines.join('\n')}\n`;
}
