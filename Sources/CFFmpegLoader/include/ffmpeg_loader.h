#ifndef SB_FFMPEG_LOADER_H
#define SB_FFMPEG_LOADER_H

/* FFmpeg, loaded on first use instead of at start-up.
 *
 * Mapping FFmpeg and its ~60 dependencies costs every process tens of milliseconds before
 * main, and most commands never read a video. So the executable does not link FFmpeg: this
 * target defines each FFmpeg function Shoebox calls (with FFmpeg's own prototype, checked
 * against its headers) as a forwarder to the real one, which sb_ffmpeg_load finds with
 * dlopen/dlsym by the libraries' SONAMEs (libavformat.so.59...: the run-time packages, no -dev
 * symlink needed). The forwarders are hidden symbols, so FFmpeg's own calls never reach them.
 *
 * Call sb_ffmpeg_load before a first FFmpeg call to get a clear error; a forwarder called
 * first loads FFmpeg itself and ends the process with the message if it cannot. */

/* Loads FFmpeg once per process (thread-safe; later calls give the first call's answer).
 * 0 when every library and function was found; -1 otherwise, with *library set to the
 * SONAME that could not be loaded or lacks a function and *reason to the dynamic linker's
 * message (both static strings, valid for the life of the process). */
int sb_ffmpeg_load(const char **library, const char **reason);

/* Loads only libavutil and libavcodec (once per process, thread-safe), as sb_ffmpeg_load does:
 * enough for the functions those two define, without libswscale, libavformat and their
 * dependencies (about 9 MB of a process's memory). sb_ffmpeg_load loads them later if asked. */
int sb_ffmpeg_load_codecs(const char **library, const char **reason);

#endif
