import { useState } from 'react';
import { useShopAuth } from '../auth/use-shop-auth.ts';

interface DownloadableFile {
  id: string;
  fileName: string;
}

/**
 * Downloads files the API sends only with the reader's token: each is fetched with it and then
 * saved under its name (as an attachment, never opened as a page of the shop). `urlOf` gives a
 * file's address at the API; `busy` is the id of the file on its way, `problem` what to say when
 * one could not be had.
 */
export function useFileDownload(urlOf: (apiBaseUrl: string, fileId: string) => string) {
  const { settings, getAccessToken } = useShopAuth();
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);

  const download = async (file: DownloadableFile) => {
    if (!settings?.apiBaseUrl) return;
    setBusy(file.id);
    setProblem(null);
    try {
      const token = getAccessToken();
      const response = await fetch(urlOf(settings.apiBaseUrl, file.id), { headers: token ? { authorization: `Bearer ${token}` } : {} });
      if (!response.ok) throw new Error(String(response.status));
      const url = URL.createObjectURL(await response.blob());
      const link = window.document.createElement('a');
      link.href = url;
      link.download = file.fileName;
      link.click();
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
    } catch {
      setProblem(`We couldn’t download ${file.fileName}. Try again.`);
    } finally {
      setBusy(null);
    }
  };

  return { download, busy, problem };
}

/** The button that downloads one file (`useFileDownload`), busy while it is on its way and not yet pressable while the sign-in is being restored. */
export function DownloadButton({
  file,
  busy,
  onDownload,
}: {
  file: DownloadableFile;
  busy: string | null;
  onDownload: (file: DownloadableFile) => Promise<void>;
}) {
  // The file is fetched with the reader's token: until their sign-in is restored in this page there is none to send.
  const { status } = useShopAuth();
  return (
    <button
      type="button"
      disabled={status !== 'signed-in'}
      onClick={() => void onDownload(file)}
      aria-busy={busy === file.id || undefined}
      className="text-left font-semibold break-all text-teal-700 underline decoration-teal-700/40 underline-offset-3 hover:decoration-teal-700"
    >
      Download {file.fileName}
    </button>
  );
}

/** What went wrong with a download, below the list; nothing when all is well. */
export function DownloadProblem({ problem }: { problem: string | null }) {
  if (!problem) return null;
  return (
    <p role="alert" className="mt-2 text-sm font-medium text-red-700">
      {problem}
    </p>
  );
}
