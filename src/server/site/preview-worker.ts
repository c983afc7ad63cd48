// A worker thread of the preview-image pool (preview-images.ts): renders the images it is sent and
// writes each into the cache by a rename, so the cache never holds half a file.
import { rename, writeFile } from 'node:fs/promises';
import { parentPort, threadId } from 'node:worker_threads';
import type { PreviewImageSpec } from '../../lib/preview-image.ts';
import { renderPreviewPng } from './preview-render.ts';

export interface PreviewTask {
  spec: PreviewImageSpec;
  logoDataUrl?: string;
  file: string;
}

parentPort!.on('message', async (task: PreviewTask) => {
  try {
    const partial = `${task.file}.${threadId}.partial`;
    await writeFile(partial, await renderPreviewPng(task.spec, task.logoDataUrl));
    await rename(partial, task.file);
    parentPort!.postMessage({ ok: true });
  } catch (error) {
    parentPort!.postMessage({ ok: false, error: error instanceof Error ? error.message : String(error) });
  }
});
