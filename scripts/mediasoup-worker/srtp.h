/*
 * libsrtp3 API on top of Debian's libsrtp2 (used to build the mediasoup worker against system
 * libraries; see scripts/setup-mediasoup.sh). mediasoup 3.19 calls the libsrtp 3 functions, which
 * take separate in/out buffers and size_t lengths; libsrtp 2 works in place with int lengths.
 */
#ifndef COMPANION_SRTP3_ON_SRTP2_H
#define COMPANION_SRTP3_ON_SRTP2_H

#include <srtp2/srtp.h>
#include <stddef.h>
#include <string.h>

/* Error codes added by libsrtp 3 (values after libsrtp 2's last one). */
#define srtp_err_status_buffer_small ((srtp_err_status_t)28)
#define srtp_err_status_cryptex_err ((srtp_err_status_t)29)

/* Runs a libsrtp 2 in-place function over a copy of `in` placed in `out` (`room` bytes). */
static inline srtp_err_status_t companion_srtp_in_place(
  srtp_err_status_t (*fn)(srtp_t, void*, int*),
  srtp_t ctx,
  const uint8_t* in,
  size_t in_len,
  uint8_t* out,
  size_t* out_len,
  size_t room)
{
	if (room < in_len)
		return srtp_err_status_buffer_small;
	if (out != in)
		memmove(out, in, in_len);
	int len = (int)in_len;
	srtp_err_status_t err = fn(ctx, out, &len);
	if (err == srtp_err_status_ok)
		*out_len = (size_t)len;
	return err;
}

static inline srtp_err_status_t companion_srtp_protect(
  srtp_t ctx, const uint8_t* rtp, size_t rtp_len, uint8_t* srtp, size_t* srtp_len, size_t mki_index)
{
	(void)mki_index;
	return *srtp_len < rtp_len + SRTP_MAX_TRAILER_LEN
	         ? srtp_err_status_buffer_small
	         : companion_srtp_in_place(srtp_protect, ctx, rtp, rtp_len, srtp, srtp_len, *srtp_len);
}

static inline srtp_err_status_t companion_srtp_unprotect(
  srtp_t ctx, const uint8_t* srtp, size_t srtp_len, uint8_t* rtp, size_t* rtp_len)
{
	return companion_srtp_in_place(srtp_unprotect, ctx, srtp, srtp_len, rtp, rtp_len, *rtp_len);
}

static inline srtp_err_status_t companion_srtp_protect_rtcp(
  srtp_t ctx, const uint8_t* rtcp, size_t rtcp_len, uint8_t* srtcp, size_t* srtcp_len, size_t mki_index)
{
	(void)mki_index;
	return *srtcp_len < rtcp_len + SRTP_MAX_TRAILER_LEN + 4
	         ? srtp_err_status_buffer_small
	         : companion_srtp_in_place(srtp_protect_rtcp, ctx, rtcp, rtcp_len, srtcp, srtcp_len, *srtcp_len);
}

static inline srtp_err_status_t companion_srtp_unprotect_rtcp(
  srtp_t ctx, const uint8_t* srtcp, size_t srtcp_len, uint8_t* rtcp, size_t* rtcp_len)
{
	return companion_srtp_in_place(srtp_unprotect_rtcp, ctx, srtcp, srtcp_len, rtcp, rtcp_len, *rtcp_len);
}

#define srtp_protect companion_srtp_protect
#define srtp_unprotect companion_srtp_unprotect
#define srtp_protect_rtcp companion_srtp_protect_rtcp
#define srtp_unprotect_rtcp companion_srtp_unprotect_rtcp
#define srtp_stream_remove srtp_remove_stream /* renamed in libsrtp 3 */

#endif
