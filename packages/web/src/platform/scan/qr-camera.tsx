import { useEffect, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

interface DetectedBarcode {
  rawValue: string;
}
interface BarcodeDetectorLike {
  detect(source: HTMLVideoElement): Promise<DetectedBarcode[]>;
}
type BarcodeDetectorConstructor = new (options: { formats: string[] }) => BarcodeDetectorLike;

/** A decoder for video frames: BarcodeDetector where the browser has it, otherwise jsQR on a canvas. */
async function createDecoder(): Promise<(video: HTMLVideoElement) => Promise<string | null>> {
  const Detector = (globalThis as { BarcodeDetector?: BarcodeDetectorConstructor }).BarcodeDetector;
  if (Detector) {
    const detector = new Detector({ formats: ['qr_code'] });
    return async (video) => (await detector.detect(video))[0]?.rawValue ?? null;
  }
  const { default: jsQR } = await import('jsqr');
  const canvas = document.createElement('canvas');
  const context = canvas.getContext('2d', { willReadFrequently: true });
  return (video) => {
    if (!context || video.videoWidth === 0) return Promise.resolve(null);
    canvas.width = video.videoWidth;
    canvas.height = video.videoHeight;
    context.drawImage(video, 0, 0);
    const image = context.getImageData(0, 0, canvas.width, canvas.height);
    return Promise.resolve(jsQR(image.data, image.width, image.height)?.data ?? null);
  };
}

export interface QrCameraProps {
  /** Called with every code read; the caller decides what to keep (one code, or a stream with repeats). */
  onScanned(text: string): void;
  /** While true no frames are decoded (e.g. while the caller handles a code). */
  paused?: boolean;
  /** Shown when the camera cannot start. */
  cameraFailedText: string;
  /** Size of the video element. */
  sx?: object;
}

/**
 * The camera view that reads QR codes (the back camera on phones): used by the attendance QR check-in
 * (150) and the scan station of module 200. The camera stops when the component unmounts.
 */
export function QrCamera({ onScanned, paused = false, cameraFailedText, sx }: QrCameraProps) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const [error, setError] = useState<string | null>(null);
  const latest = useRef({ onScanned, paused });
  useEffect(() => {
    latest.current = { onScanned, paused };
  });

  useEffect(() => {
    let stream: MediaStream | null = null;
    let frame = 0;
    let stopped = false;
    const start = async () => {
      try {
        stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' }, audio: false });
        const video = videoRef.current;
        if (!video || stopped) return;
        video.srcObject = stream;
        await video.play();
        const decode = await createDecoder();
        const tick = async () => {
          if (stopped) return;
          if (!latest.current.paused) {
            const text = await decode(video).catch(() => null);
            if (stopped) return;
            if (text !== null && !latest.current.paused) latest.current.onScanned(text);
          }
          frame = requestAnimationFrame(() => void tick());
        };
        void tick();
      } catch {
        setError(cameraFailedText);
      }
    };
    void start();
    return () => {
      stopped = true;
      cancelAnimationFrame(frame);
      stream?.getTracks().forEach((track) => track.stop());
    };
  }, [cameraFailedText]);

  return error ? (
    <Typography color="error">{error}</Typography>
  ) : (
    <Box component="video" ref={videoRef} muted playsInline sx={{ width: '100%', borderRadius: 1, ...sx }} />
  );
}
