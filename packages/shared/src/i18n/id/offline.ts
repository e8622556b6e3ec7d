import type { Translation } from '../catalogue.ts';
import type { offline as english } from '../en/offline.ts';

// Without a network: the offline banner, the order kept to send later, the new version's prompt and
// the staff board's connection (docs/decisions/offline-and-caching.md).
export const offline = {
  'offline.banner': 'Anda sedang offline — menampilkan menu per {time}',
  'offline.bannerNothingSaved': 'Anda sedang offline — menampilkan yang tersimpan di ponsel ini',
  'offline.orderSaved': 'Anda sedang offline. Pesanan Anda disimpan dan akan dikirim saat Anda kembali online.',
  'offline.seeSavedOrder': 'Lihat di Riwayat',
  'offline.savedOrderHeading': 'Pesanan tersimpan',
  'offline.waiting': 'Menunggu jaringan',
  'offline.savedAt': 'Disimpan pukul {time}. Pesanan dikirim satu kali, segera setelah Anda kembali online.',
  'offline.items': '{count, plural, other {# item}}',
  'offline.cancel': 'Batalkan',
  'offline.cancelLabel': 'Batalkan pesanan tersimpan pukul {time}',
  'offline.cancelled': 'Pesanan tersimpan dibatalkan. Isinya kembali ke keranjang Anda.',
  'offline.alreadySent': 'Pesanan tersimpan sudah terkirim: Riwayat menampilkannya.',
  'offline.placed': 'Pesanan tersimpan Anda sudah dibuat: pesanan #{number}.',
  'offline.placedEarlier': 'Pesanan tersimpan Anda sudah dibuat sebelumnya: Riwayat menampilkannya.',
  'offline.refused': 'Pesanan tersimpan Anda tidak dibuat: {reason}. Keranjang Anda kembali untuk diubah.',
  'offline.viewOrder': 'Lihat pesanan',
  'offline.updateReady': 'Versi baru sudah siap',
  'offline.reload': 'Muat ulang',
  'offline.reconnecting': 'Offline — menyambung kembali',
} as const satisfies Translation<typeof english>;
