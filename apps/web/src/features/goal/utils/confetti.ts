import confetti from 'canvas-confetti';

/** SPEC.md section 9: 80 particles for 2500 ms. */
export const CONFETTI_PARTICLE_COUNT = 80;
export const CONFETTI_DURATION_MS = 2_500;

/** The brand colours and the mood greens, so the celebration looks like the product. */
const CONFETTI_COLORS = ['#5B4BDB', '#9B51E0', '#F2994A', '#2BB39A', '#F2C94C'];

/**
 * Throws one burst of confetti on the canvas and clears it after 2500 ms. The animation runs on
 * the page, never in a worker: canvas-confetti's worker comes from a blob URL, which the
 * Content-Security-Policy refuses. Answers a function that stops it early.
 */
export function launchConfetti(canvas: HTMLCanvasElement): () => void {
  const fire = confetti.create(canvas, {
    resize: true,
    useWorker: false,
    disableForReducedMotion: true,
  });
  void fire({
    particleCount: CONFETTI_PARTICLE_COUNT,
    spread: 100,
    startVelocity: 42,
    origin: { x: 0.5, y: 0.55 },
    // About 2.5 s at 60 frames a second; the timer below makes sure it is gone by then.
    ticks: 150,
    colors: CONFETTI_COLORS,
    disableForReducedMotion: true,
  });
  const timer = setTimeout(() => fire.reset(), CONFETTI_DURATION_MS);
  return () => {
    clearTimeout(timer);
    fire.reset();
  };
}
