import type { DashboardPeriod } from '@kopi/shared';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { errorMessage } from '../../../lib/api-client';
import { useT } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';
import { downloadReport } from '../api/dashboard';

/** Hands a file to the browser to save under its name. */
export function saveFile(blob: Blob, filename: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  // The click has started the download; the object URL is freed once it has been read.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function DownloadReportButton({ period }: { period: DashboardPeriod }) {
  const t = useT();
  const [progress, setProgress] = useState<number | null>(null);

  async function download() {
    setProgress(0);
    try {
      const file = await downloadReport(period, setProgress);
      saveFile(file.blob, file.filename);
      toast.success(t('admin.dashboard.saved', { filename: file.filename }));
    } catch (error) {
      toast.error(t('admin.dashboard.downloadFailed', { error: errorMessage(error) }));
    } finally {
      setProgress(null);
    }
  }

  return (
    <div className="mt-6">
      <Button className="w-full" onClick={download} busy={progress !== null}>
        {t('admin.dashboard.download')}
      </Button>
      {progress !== null && (
        <div className="mt-2 flex items-center gap-2 text-sm">
          <progress
            className="h-2 flex-1 accent-caramel"
            max={100}
            value={Math.round(progress * 100)}
            aria-label={t('admin.dashboard.downloadProgress')}
          />
          <span aria-live="polite">{Math.round(progress * 100)}%</span>
        </div>
      )}
    </div>
  );
}

/** The dashboard's address with the chosen period: whoever opens it sees the same view. */
export function reportLink(period: DashboardPeriod): string {
  return `${window.location.origin}/dashboard?period=${period}`;
}

export function ShareReportButton({ period, title }: { period: DashboardPeriod; title: string }) {
  const t = useT();
  async function share() {
    const url = reportLink(period);
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title, url });
        return;
      } catch (error) {
        // The person closed the share sheet: nothing to do. Any other failure falls back to copying.
        if (error instanceof DOMException && error.name === 'AbortError') return;
      }
    }
    try {
      await navigator.clipboard.writeText(url);
      toast.success(t('admin.dashboard.linkCopied'));
    } catch {
      toast.info(t('admin.dashboard.copyLink', { url }), { autoClose: false });
    }
  }

  return (
    <Button variant="secondary" className="w-full" onClick={share}>
      {t('admin.dashboard.share')}
    </Button>
  );
}
