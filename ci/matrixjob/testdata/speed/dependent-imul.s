	imulq	%rax, %rax
	imulq	%rax, %rax
	imulq	%rax, %rax
	addq	$0x1, %rcx
