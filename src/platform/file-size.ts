/** File sizes in the member's language (downloads, saved videos). */

/** File size in the member's language with the right unit (e.g. "245 kB", "1.2 MB"). */
export function formatFileSize(bytes: number, language: string): string {
  const units = [
    ['megabyte', 1_000_000],
    ['kilobyte', 1_000],
  ] as const;
  for (const [unit, size] of units) {
    if (bytes >= size) return new Intl.NumberFormat(language, { style: 'unit', unit, maximumFractionDigits: 1 }).format(bytes / size);
  }
  return new Intl.NumberFormat(language, { style: 'unit', unit: 'byte' }).format(bytes);
}
