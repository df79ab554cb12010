/*
 * replay_main.c — a plain main() for libFuzzer targets.
 *
 * Linked with one test/fuzz/fuzz_<name>.c it makes build/fuzz/replay_<name>, which feeds
 * every file named on the command line (directories are walked recursively) to
 * LLVMFuzzerTestOneInput once. This lets gcc and sanitizer builds replay a corpus or a
 * crash file without libFuzzer. Arguments starting with '-' (libFuzzer flags) are ignored.
 * Each input is copied into a buffer of exactly its size so ASan sees overreads.
 */
#include <dirent.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerInitialize(int *argc, char ***argv) __attribute__((weak));

static int replayed; /* inputs fed to the target */

/* Read PATH whole and run the target on it; returns 0 on success, 1 on I/O error. */
static int replay_file(const char *path)
{
	FILE *f = fopen(path, "rb");
	if (!f) {
		perror(path);
		return 1;
	}
	size_t cap = 4096, len = 0;
	uint8_t *buf = malloc(cap);
	size_t n;
	while (buf && (n = fread(buf + len, 1, cap - len, f)) > 0) {
		len += n;
		if (len == cap) {
			uint8_t *nb = realloc(buf, cap *= 2);
			if (!nb)
				free(buf);
			buf = nb;
		}
	}
	int err = ferror(f);
	fclose(f);
	if (!buf || err) {
		fprintf(stderr, "%s: read failed\n", path);
		free(buf);
		return 1;
	}
	uint8_t *exact = malloc(len ? len : 1); /* exact size: ASan catches overreads */
	if (!exact) {
		free(buf);
		return 1;
	}
	if (len)
		memcpy(exact, buf, len);
	free(buf);
	LLVMFuzzerTestOneInput(exact, len);
	free(exact);
	replayed++;
	return 0;
}

/* Replay PATH if it is a file, or everything below it if it is a directory. */
static int replay_path(const char *path)
{
	struct stat st;
	if (stat(path, &st) != 0) {
		perror(path);
		return 1;
	}
	if (!S_ISDIR(st.st_mode))
		return replay_file(path);
	DIR *d = opendir(path);
	if (!d) {
		perror(path);
		return 1;
	}
	int rc = 0;
	struct dirent *e;
	while ((e = readdir(d)) != NULL) {
		if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
			continue;
		size_t len = strlen(path) + strlen(e->d_name) + 2;
		char *child = malloc(len);
		if (!child) {
			rc = 1;
			break;
		}
		snprintf(child, len, "%s/%s", path, e->d_name);
		rc |= replay_path(child);
		free(child);
	}
	closedir(d);
	return rc;
}

int main(int argc, char **argv)
{
	if (LLVMFuzzerInitialize)
		LLVMFuzzerInitialize(&argc, &argv);
	if (argc < 2) {
		fprintf(stderr, "usage: %s FILE_OR_DIR...\n", argv[0]);
		return 2;
	}
	int rc = 0;
	for (int i = 1; i < argc; i++)
		if (argv[i][0] != '-')
			rc |= replay_path(argv[i]);
	printf("replayed %d input(s)\n", replayed);
	return rc;
}
