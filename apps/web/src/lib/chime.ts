// The board's chime for a new order, made with Web Audio (no sound file to load). Browsers let a page
// make sound only after the person clicked or tapped it: unlockSound() runs inside such a click.

let context: AudioContext | null = null;

/** Call from a click or tap: answers whether sound may play now. */
export async function unlockSound(): Promise<boolean> {
  context ??= new AudioContext();
  if (context.state !== 'running') await context.resume();
  return context.state === 'running';
}

export function soundReady(): boolean {
  return context?.state === 'running';
}

/** Two short rising notes; silent (false) while sound is not unlocked. */
export function playChime(): boolean {
  if (context?.state !== 'running') return false;
  const start = context.currentTime;
  for (const [offset, frequency] of [
    [0, 880],
    [0.18, 1320],
  ] as const) {
    const oscillator = context.createOscillator();
    const gain = context.createGain();
    oscillator.type = 'sine';
    oscillator.frequency.value = frequency;
    gain.gain.setValueAtTime(0.0001, start + offset);
    gain.gain.exponentialRampToValueAtTime(0.25, start + offset + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, start + offset + 0.35);
    oscillator.connect(gain).connect(context.destination);
    oscillator.start(start + offset);
    oscillator.stop(start + offset + 0.4);
  }
  return true;
}
