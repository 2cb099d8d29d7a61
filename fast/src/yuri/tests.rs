//! Tests of the fast Yuri.
