import type { Translation } from '../catalogue.ts';
import type { common as english } from '../en/common.ts';

// Texts both the server and the screens show: the specification's messages and the shared schemas'
// validation messages.
export const common = {
  // the specification's guard messages (docs/decisions/spec-fidelity.md#routes-and-the-session)
  guardNoToken: 'Silakan login terlebih dahulu',
  guardWrongRole: 'Akses ditolak: peran Anda tidak diizinkan',
  // the specification's toasts and inline messages
  loginFailed: 'Email atau kata sandi salah!',
  loginSuccess: 'Login berhasil!',
  signUpSuccess: 'Pendaftaran berhasil!',
  promoSaveFailed: '*** Terjadi kesalahan sistem, coba lagi nanti ***',
  promoLoadFailed: '*** Sedang dalam pengembangan ***',
  promoEditSuccess: 'Promo berhasil diubah!',
  addPromoFailed: 'Terjadi kesalahan, coba lagi!',
  addPromoSuccess: 'Promo baru ditambahkan!',
  profileSuccess: 'Perubahan berhasil disimpan!',
  transactionSuccess: 'Pesanan berhasil dibuat!',
  nothingPending: 'Tidak ada pesanan yang menunggu di sini',
  transactionUpdateSuccess: 'Pesanan berhasil diperbarui!',
  addProductSuccess: 'Produk berhasil ditambahkan!',
  editProductSuccess: 'Produk berhasil diubah!',
  addProductFailed: 'Gagal menambahkan produk!',
  editProductFailed: 'Gagal mengubah produk!',
  // the specification's validation messages
  productNameRequired: '*** Nama produk wajib diisi! ***',
  productPriceRequired: '*** Harga produk wajib diisi! ***',
  productDescriptionRequired: '*** Deskripsi produk wajib diisi! ***',
  productPictureRequired: '*** Gambar produk wajib diisi! ***',
  productCategoryRequired: '*** Kategori produk wajib diisi! ***',
  allInputRequired: 'Semua kolom wajib diisi!',
  fileTypeWrong: 'Ekstensi berkas salah! Hanya .jpeg, .jpg, .png yang diizinkan.',
  fileTooBig: 'Berkas terlalu besar, maksimal 2 MB!',
  // the specification's dialogs and headings
  logoutConfirm: 'Apakah Anda yakin ingin keluar?',
  searchPlaceholder: 'Cari sesuatu',
  setTimePlaceholder: 'Masukkan waktu reservasi',
  checkoutUserHeading: 'Checkout pesanan Anda sekarang!',
  checkoutAdminHeading: 'Selesaikan pesanan pelanggan Anda sekarang.',
  orderSummary: 'Ringkasan Pesanan',
  deliveryOrder: 'Pesanan Aktif',
  historyHeading: 'Yuk, lihat apa saja yang sudah Anda beli!',
  historyHint: 'Tekan lama untuk menghapus item',
  slideHint: 'Geser untuk melihat pesanan berikutnya',
  // docs/decisions/spec-fidelity.md#fixed: the failures the spec left silent now say so
  orderFailed: 'Pesanan Anda tidak dapat dibuat. Keranjang Anda tetap tersimpan, silakan coba lagi.',
  profileFailed: 'Profil Anda tidak dapat disimpan, silakan coba lagi.',
  signUpFailed: 'Email atau kata sandi salah!',
  // Accounts that recover (docs/shop-rules.md#accounts-and-roles): texts the spec never had, shared by the server and the screens
  forgotSent: 'Jika ada akun dengan email ini, tautan untuk mengatur ulang kata sandinya sedang dikirim. Tautan berlaku selama 30 menit.',
  resetLinkInvalid: 'Tautan ini sudah dipakai, kedaluwarsa, atau tidak dikenal. Silakan minta tautan baru.',
  resetSuccess: 'Kata sandi Anda sudah diubah. Silakan login dengan kata sandi baru.',
  passwordChanged: 'Kata sandi Anda sudah diubah. Anda telah keluar dari perangkat lain.',
  currentPasswordWrong: 'Kata sandi saat ini salah',
  noPasswordYet: 'Akun ini login dengan Google dan belum memiliki kata sandi: gunakan Lupa Kata Sandi? di halaman login untuk membuatnya.',
  samePassword: 'Kata sandi baru harus berbeda dari kata sandi saat ini',
} as const satisfies Translation<typeof english>;
