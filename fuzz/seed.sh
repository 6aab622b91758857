#!/usr/bin/env bash
# Builds the seed corpora of the fuzz targets from the conformance suite's
# `#data` and `#base` values (and `#host` for the host targets), into
# fuzz/corpus/<target>/.  The corpora are made at run time and never
# committed (.gitignore lists fuzz/corpus).
#
# Usage: fuzz/seed.sh [SUITE_DIR]
#   SUITE_DIR defaults to ../shared/conformance/tests-web-url beside the
#   repository (or $URLPRISM_SUITE).
#
# The generated Nameprep files (tens of thousands of records) are sampled:
# every $SEED_SAMPLE-th record (default 10) of each generated file is kept.
# Needs bash and perl (core modules only).
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
suite="${1:-${URLPRISM_SUITE:-$here/../../shared/conformance/tests-web-url}}"
if [ ! -d "$suite" ]; then
    echo "seed.sh: no conformance suite at $suite (pass its directory as the first argument)" >&2
    exit 2
fi
corpus="$here/corpus"
mkdir -p "$corpus"/{parse,resolve,canonicalize,canonicalize_host,nameprep,whatwg}

find "$suite" -name '*.dat' -print0 | sort -z | SEED_CORPUS="$corpus" xargs -0 perl -CSD -e '
use strict;
use warnings;
use Digest::SHA qw(sha1_hex);

my ($corpus, $sample) = ($ENV{SEED_CORPUS}, $ENV{SEED_SAMPLE} || 10);
my %count;

# Writes $bytes (a character string, written as UTF-8) into corpus $target,
# named by its SHA-1 as libFuzzer does.
sub put {
    my ($target, $value) = @_;
    my $bytes = $value;
    utf8::encode($bytes);
    my $path = "$corpus/$target/" . sha1_hex($bytes);
    return if -e $path;
    open(my $fh, ">:raw", $path) or die "$path: $!";
    print $fh $bytes;
    close $fh;
    $count{$target}++;
}

# \uXXXX and \UXXXXXXXX escapes; surrogate pairs join; a lone surrogate or
# a value above U+10FFFF becomes U+FFFD.
sub unescape {
    my ($s) = @_;
    $s =~ s{\\u(D[89AB][0-9A-Fa-f]{2})\\u(D[C-F][0-9A-Fa-f]{2})}{
        chr(0x10000 + ((hex($1) - 0xD800) << 10) + (hex($2) - 0xDC00))
    }gie;
    $s =~ s{\\(?:u([0-9A-Fa-f]{4})|U([0-9A-Fa-f]{8}))}{
        my $c = hex(defined $1 ? $1 : $2);
        ($c >= 0xD800 && $c <= 0xDFFF) || $c > 0x10FFFF ? "\x{FFFD}" : chr($c)
    }ge;
    return $s;
}

# The value of a field: the block value if non-empty, else the first option.
sub value {
    my ($f) = @_;
    my @opts = @{ $f->{opts} };
    my $escaped = @opts && $opts[-1] eq "escaped";
    pop @opts if $escaped;
    my @lines = @{ $f->{lines} };
    if ($f->{name} eq "data" || $f->{name} eq "path") {
        s/^\| // for @lines;
    }
    my $v = join("\n", @lines);
    $v = (@opts ? $opts[0] : "") if $v eq "";
    return $escaped ? unescape($v) : $v;
}

# The host part of a URL-ish string, roughly: after "//", before the path,
# after the last "@".
sub host_of {
    my ($s) = @_;
    return undef unless $s =~ m{^[A-Za-z][A-Za-z0-9+.-]*:[/\\]{2}([^/\\?#]*)};
    my $a = $1;
    $a =~ s/^.*@//s;
    return $a;
}

sub emit {
    my ($rec) = @_;
    return unless exists $rec->{data};
    my $data = $rec->{data};
    my $base = $rec->{base};
    put("parse", $data);
    put("parse", $base) if defined $base && $base ne "";
    my $pair = defined $base && $base ne "" ? "$base\x{FFFF}$data" : $data;
    # \x{FFFF} stands for the separator byte 0xFF (see src/lib.rs); it is
    # replaced below, after encoding.
    put_pair("resolve", $pair);
    put_pair("canonicalize", $pair);
    put_pair("whatwg", $pair);
    for my $h (grep { defined } ($rec->{host}, host_of($data))) {
        next if $h eq "";
        put("canonicalize_host", $h);
        put("nameprep", $h);
    }
}

sub put_pair {
    my ($target, $value) = @_;
    my ($b, $d) = split(/\x{FFFF}/, $value, 2);
    return put($target, $value) unless defined $d;
    utf8::encode($b);
    utf8::encode($d);
    my $bytes = "$b\xFF$d";
    my $path = "$corpus/$target/" . sha1_hex($bytes);
    return if -e $path;
    open(my $fh, ">:raw", $path) or die "$path: $!";
    print $fh $bytes;
    close $fh;
    $count{$target}++;
}

for my $file (@ARGV) {
    my $generated = $file =~ m{/generated/};
    open(my $fh, "<:encoding(UTF-8)", $file) or die "$file: $!";
    my @lines = <$fh>;
    close $fh;
    chomp @lines;
    s/\r$// for @lines;
    my ($rec, $field, $n) = (undef, undef, 0);
    my $finish = sub {
        if ($field) {
            $rec->{ $field->{name} } = value($field);
            $field = undef;
        }
        if ($rec) {
            emit($rec) if !$generated || $n++ % $sample == 0;
            $rec = undef;
        }
    };
    for my $i (0 .. $#lines) {
        my $line = $lines[$i];
        if ($line =~ /^#(\S*)\s*(.*)$/) {
            my ($name, $rest) = ($1, $2);
            if ($name eq "data") {
                $finish->();
                $rec = {};
            } elsif ($field) {
                $rec->{ $field->{name} } = value($field);
            }
            $field = { name => $name, opts => [ split(" ", $rest) ], lines => [] };
        } elsif ($line eq "" && ($i == $#lines || $lines[$i + 1] =~ /^#/ || $lines[$i + 1] eq "")) {
            $finish->();
        } elsif ($field) {
            push @{ $field->{lines} }, $line;
        }
    }
    $finish->();
}
printf STDERR "seed.sh: %-18s %6d new files\n", $_, $count{$_} // 0
    for qw(parse resolve canonicalize canonicalize_host nameprep whatwg);
'
