/* The trampolines of vips_lazy.h: each libvips function Shoebox calls, by its own name, hidden
 * (only Shoebox's code binds to it; libvips's own calls go to libvips). Each jumps through its
 * table entry, or, while that is null, to sb_vips_lazy_first_call, which keeps the arguments
 * (integer and vector registers: variadic calls pass their count in %al), opens libvips, and
 * jumps to the function. The arguments on the stack are the caller's and stay where they are. */
#if defined(__x86_64__)

    .text

    .macro SB_TRAMPOLINE name, index
    .globl \name
    .hidden \name
    .type \name, @function
    .p2align 4
\name:
    movq sb_vips_table+8*\index(%rip), %r11
    testq %r11, %r11
    jz 1f
    jmpq *%r11
1:
    movl $\index, %r11d
    jmp sb_vips_lazy_first_call
    .size \name, .-\name
    .endm

#define SB_VIPS(name) SB_TRAMPOLINE name, __COUNTER__
#include "vips_functions.def"
#undef SB_VIPS

    .p2align 4
    .type sb_vips_lazy_first_call, @function
sb_vips_lazy_first_call:
    pushq %rbp                  /* the stack is now 16-byte aligned, as a call needs */
    movq %rsp, %rbp
    subq $192, %rsp
    movq %rdi, 0(%rsp)
    movq %rsi, 8(%rsp)
    movq %rdx, 16(%rsp)
    movq %rcx, 24(%rsp)
    movq %r8, 32(%rsp)
    movq %r9, 40(%rsp)
    movq %rax, 48(%rsp)
    movq %r11, 56(%rsp)
    movdqu %xmm0, 64(%rsp)
    movdqu %xmm1, 80(%rsp)
    movdqu %xmm2, 96(%rsp)
    movdqu %xmm3, 112(%rsp)
    movdqu %xmm4, 128(%rsp)
    movdqu %xmm5, 144(%rsp)
    movdqu %xmm6, 160(%rsp)
    movdqu %xmm7, 176(%rsp)
    call sb_vips_lazy_load
    movq 0(%rsp), %rdi
    movq 8(%rsp), %rsi
    movq 16(%rsp), %rdx
    movq 24(%rsp), %rcx
    movq 32(%rsp), %r8
    movq 40(%rsp), %r9
    movq 48(%rsp), %rax
    movq 56(%rsp), %r11
    movdqu 64(%rsp), %xmm0
    movdqu 80(%rsp), %xmm1
    movdqu 96(%rsp), %xmm2
    movdqu 112(%rsp), %xmm3
    movdqu 128(%rsp), %xmm4
    movdqu 144(%rsp), %xmm5
    movdqu 160(%rsp), %xmm6
    movdqu 176(%rsp), %xmm7
    leave
    leaq sb_vips_table(%rip), %r10
    jmpq *(%r10,%r11,8)
    .size sb_vips_lazy_first_call, .-sb_vips_lazy_first_call

#endif

    .section .note.GNU-stack,"",@progbits
