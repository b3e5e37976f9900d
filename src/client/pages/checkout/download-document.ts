// Saves a PDF the server sent as base64 (an invoice, a credit note) under its own file name.

export function downloadPdf(file: { fileName: string; pdfBase64: string }): void {
  const bytes = Uint8Array.from(atob(file.pdfBase64), (char) => char.charCodeAt(0));
  const url = URL.createObjectURL(new Blob([bytes], { type: 'application/pdf' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = file.fileName;
  link.click();
  URL.revokeObjectURL(url);
}
